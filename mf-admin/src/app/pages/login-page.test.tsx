import { $toasts } from '@prepper/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeSession, fakeSupabase, fakeUser, type QueryCall } from '../../lib/testing/fake-supabase';
import { installFakeSupabase } from '../../lib/testing/setup';
import { LoginPage } from './login-page';

vi.mock('@supabase/supabase-js', () => import('../../lib/testing/supabase-js-mock'));
installFakeSupabase();

const { auth } = fakeSupabase.client;

function renderLogin(path = '/admin/login') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/login" element={<LoginPage />} />
        <Route path="/admin" element={<p>Back office home</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Answers the admin_users lookups with this record (or none). */
function adminRecord(record: { active: number } | null) {
  fakeSupabase.queryHandler.mockImplementation((call: QueryCall) => {
    if (call.table !== 'admin_users') return { data: null };
    const wantsActiveOnly = call.filters.some(([column, , value]) => column === 'active' && value === 1);
    if (!record || (wantsActiveOnly && record.active !== 1)) return { data: null };
    return {
      data: { id: 'admin-1', user_id: 'user-1', role: 'admin', permissions: [], active: record.active },
    };
  });
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Admin Login' });
  await screen.findByLabelText('Email address');
  if (email) await user.type(screen.getByLabelText('Email address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

function signInSucceeds() {
  auth.signInWithPassword.mockResolvedValue({
    data: { user: fakeUser(), session: fakeSession() },
    error: null,
  });
}

describe('admin login', () => {
  beforeEach(() => $toasts.set([]));

  it('asks for both fields without calling the service', async () => {
    renderLogin();
    await submit('admin@example.com', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('says invalid email or password for bad credentials', async () => {
    auth.signInWithPassword.mockResolvedValue({
      data: { user: null, session: null },
      error: { message: 'Invalid login credentials', code: 'invalid_credentials', status: 400 },
    });
    renderLogin();
    await submit('admin@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(auth.signInWithPassword).toHaveBeenCalledWith({ email: 'admin@example.com', password: 'wrong' });
  });

  it('refuses and signs out an account without an admin record', async () => {
    signInSucceeds();
    adminRecord(null);
    renderLogin();
    await submit('customer@example.com', 'customer1234');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access denied: Administrator privileges required',
    );
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('refuses and signs out a deactivated administrator', async () => {
    signInSucceeds();
    adminRecord({ active: 0 });
    renderLogin();
    await submit('inactive.admin@example.com', 'inactive1234');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Account deactivated: Please contact your system administrator',
    );
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('lets an active administrator in with a success toast', async () => {
    signInSucceeds();
    adminRecord({ active: 1 });
    renderLogin();
    await submit('admin@example.com', 'admin1234');
    expect(await screen.findByText('Back office home')).toBeInTheDocument();
    expect($toasts.get().map((toast) => toast.message)).toContain('Signed in successfully');
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('sends an administrator who is already signed in straight to /admin', async () => {
    auth.getSession.mockResolvedValue({ data: { session: fakeSession() }, error: null });
    adminRecord({ active: 1 });
    renderLogin();
    expect(await screen.findByText('Back office home')).toBeInTheDocument();
  });

  it('keeps a signed-in customer on the login form', async () => {
    auth.getSession.mockResolvedValue({ data: { session: fakeSession() }, error: null });
    adminRecord(null);
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('forgot password', () => {
  async function openForgot() {
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    return user;
  }

  it('asks for the e-mail address', async () => {
    const user = await openForgot();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address');
    expect(auth.resetPasswordForEmail).not.toHaveBeenCalled();
  });

  it('sends the link back to /admin/login on this origin and confirms', async () => {
    const user = await openForgot();
    await user.type(screen.getByLabelText('Email address'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Password reset email sent!')).toBeInTheDocument();
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith('admin@example.com', {
      redirectTo: `${window.location.origin}/admin/login`,
    });
  });

  it('shows the rate-limit text', async () => {
    auth.resetPasswordForEmail.mockResolvedValue({
      data: {},
      error: { message: 'Email rate limit exceeded', code: 'over_email_send_rate_limit', status: 429 },
    });
    const user = await openForgot();
    await user.type(screen.getByLabelText('Email address'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email rate limit exceeded. Please wait before requesting another reset.',
    );
  });

  it('shows the unexpected-error text when the call throws', async () => {
    auth.resetPasswordForEmail.mockRejectedValue(new Error('network down'));
    const user = await openForgot();
    await user.type(screen.getByLabelText('Email address'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
  });
});

describe('returning from the reset link', () => {
  it('asks for a new password and lets the administrator in', async () => {
    auth.getSession.mockResolvedValue({ data: { session: fakeSession() }, error: null });
    auth.updateUser.mockResolvedValue({ data: { user: fakeUser() }, error: null });
    adminRecord({ active: 1 });
    const user = userEvent.setup();
    renderLogin('/admin/login?code=abc');
    await screen.findByRole('heading', { name: 'Set a new password' });
    await user.type(screen.getByLabelText('New password'), '12345');
    await user.type(screen.getByLabelText('Confirm new password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    await user.type(screen.getByLabelText('New password'), '6');
    await user.type(screen.getByLabelText('Confirm new password'), '6');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Back office home')).toBeInTheDocument();
    expect(auth.updateUser).toHaveBeenCalledWith({ password: '123456' });
  });

  it('switches to the new-password form on PASSWORD_RECOVERY', async () => {
    renderLogin();
    await screen.findByRole('button', { name: 'Sign In' });
    fakeSupabase.emit('PASSWORD_RECOVERY', fakeSession());
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
  });

  it('explains an expired link', async () => {
    renderLogin('/admin/login?code=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid or has expired');
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });
});
