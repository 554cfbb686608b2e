import {
  $browserWishlist,
  $customer,
  $overlays,
  $toasts,
  closeOverlay,
  configureSupabase,
  loadSupabase,
  openOverlay,
} from '@prepper/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import AccountOverlay from './account-overlay';

/** The network boundary: the auth service's /auth/v1 endpoints, answered by the test. */
interface AuthCall {
  path: string;
  body: Record<string, unknown>;
  respond: (status: number, body: unknown) => void;
  fail: () => void;
}

let calls: AuthCall[] = [];
let autoRespond: ((call: AuthCall) => void) | null = null;

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

function session(email: string, metadata: Record<string, string>) {
  const now = Math.floor(Date.now() / 1000);
  const user = {
    id: '7f000000-0000-4000-8000-000000000001',
    aud: 'authenticated',
    role: 'authenticated',
    email,
    app_metadata: { provider: 'email' },
    user_metadata: metadata,
    identities: [{ id: 'i1', provider: 'email' }],
    created_at: '2024-01-01T00:00:00Z',
  };
  const payload = {
    sub: user.id,
    email,
    role: 'authenticated',
    aud: 'authenticated',
    exp: now + 3600,
    iat: now,
  };
  return {
    access_token: `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    refresh_token: 'refresh-token',
    user,
  };
}

const authError = (code: string, message: string, extra: object = {}) => ({
  code,
  error_code: code,
  msg: message,
  message,
  ...extra,
});

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  return new Promise((resolve, reject) => {
    const call: AuthCall = {
      path: `${url.pathname}${url.search}`,
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {},
      respond: (status, body) =>
        resolve(
          new Response(status === 204 ? null : JSON.stringify(body), {
            status,
            headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
          }),
        ),
      fail: () => reject(new TypeError('Failed to fetch')),
    };
    calls.push(call);
    autoRespond?.(call);
  });
}

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderOverlay() {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <AccountOverlay />
    </MemoryRouter>,
  );
  return {
    user,
    email: () => screen.getByLabelText('Email'),
    password: () => screen.getByLabelText('Password'),
  };
}

const tokenCalls = () => calls.filter((call) => call.path.startsWith('/auth/v1/token'));
const signupCalls = () => calls.filter((call) => call.path.startsWith('/auth/v1/signup'));

beforeAll(async () => {
  configureSupabase({ url: 'http://supabase.test', anonKey: 'anon-key' });
  // As the shell does before mounting this remote.
  await loadSupabase();
});
beforeEach(() => {
  calls = [];
  autoRespond = null;
  $toasts.set([]);
  $customer.set(null);
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  act(() => openOverlay('auth'));
});
afterEach(() => {
  closeOverlay('auth');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AccountOverlay, signed out', () => {
  it("opens a visitor's browser wishlist from the sign-in form, with an invitation to sign in", async () => {
    const { user } = renderOverlay();
    expect(screen.queryByRole('button', { name: /Your wishlist/ })).toBeNull();
    act(() =>
      $browserWishlist.set([
        {
          productId: '11111111-2222-4333-8444-555555555555',
          addedAt: '2025-01-01T00:00:00.000Z',
          priceAtAdd: 5,
          inStockAtAdd: true,
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Your wishlist (1)' }));
    expect(screen.getByRole('heading', { name: /Wishlist/ })).toBeInTheDocument();
    expect(screen.getByText('Your wishlist is kept in this browser only.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in to keep it on every device' }));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    act(() => $browserWishlist.set([]));
  });

  it('starts in Sign In mode with the demo account hint and the focus in the email field', async () => {
    const { email, password } = renderOverlay();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText(/demo@example\.com \/ demo1234/)).toBeInTheDocument();
    expect(email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('First name')).toBeNull();
    await waitFor(() => expect(email()).toHaveFocus());
  });

  it('shows and hides the password with a labelled toggle', async () => {
    const { user, password } = renderOverlay();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });

  it('switches between Sign In and Create Account with the link', async () => {
    const { user } = renderOverlay();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toBeInTheDocument();
    expect(screen.queryByText(/demo@example\.com \/ demo1234/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).toBeNull();
  });

  it('requires every field before calling the auth service', async () => {
    const { user, email } = renderOverlay();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Please enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your last name')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('checks the email format', async () => {
    const { user, email, password } = renderOverlay();
    await user.type(email(), 'not-an-email');
    await user.type(password(), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('is busy while signing in, then closes and clears the form on success', async () => {
    const { user, email, password } = renderOverlay();
    await user.click(screen.getByRole('button', { name: 'Use demo account' }));
    expect(email()).toHaveValue('demo@example.com');
    expect(password()).toHaveValue('demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const busyButton = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busyButton).toBeDisabled();
    expect(screen.getByTestId('auth-spinner')).toBeInTheDocument();
    expect(email()).toBeDisabled();
    await waitFor(() => expect(tokenCalls()).toHaveLength(1));
    expect(tokenCalls()[0]?.path).toBe('/auth/v1/token?grant_type=password');
    expect(tokenCalls()[0]?.body).toMatchObject({ email: 'demo@example.com', password: 'demo1234' });

    act(() =>
      tokenCalls()[0]?.respond(
        200,
        session('demo@example.com', { first_name: 'Jamie', last_name: 'Carter' }),
      ),
    );
    await waitFor(() => expect($overlays.get().auth).toBe(false));
    expect($toasts.get().map((toast) => toast.message)).toContain('Welcome, Jamie!');

    act(() => openOverlay('auth'));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('closes even when the shared session shows the account before the sign-in call returns', async () => {
    autoRespond = (call) => {
      // What startSessionSync does on SIGNED_IN, which supabase-js announces before it resolves.
      act(() =>
        $customer.set({ id: 'c1', email: 'demo@example.com', firstName: 'Jamie', lastName: 'Carter' }),
      );
      call.respond(200, session('demo@example.com', { first_name: 'Jamie', last_name: 'Carter' }));
    };
    const { user, email, password } = renderOverlay();
    await user.type(email(), 'demo@example.com');
    await user.type(password(), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect($overlays.get().auth).toBe(false));
  });

  it('shows the fixed invalid-credentials text for a wrong password', async () => {
    autoRespond = (call) => call.respond(400, authError('invalid_credentials', 'Invalid login credentials'));
    const { user, email, password } = renderOverlay();
    await user.type(email(), 'demo@example.com');
    await user.type(password(), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid credentials. Try demo@example.com / demo1234',
    );
    expect($overlays.get().auth).toBe(true);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(password()).toHaveValue('wrong-password');
  });

  it.each([
    ['the service cannot be reached', (call: AuthCall) => call.fail()],
    [
      'the service breaks',
      (call: AuthCall) => call.respond(500, authError('unexpected_failure', 'Database error')),
    ],
  ])("shows 'An error occurred. Please try again.' when %s", async (_label, answer) => {
    autoRespond = answer;
    const { user, email, password } = renderOverlay();
    await user.type(email(), 'demo@example.com');
    await user.type(password(), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'An error occurred. Please try again.',
    );
  });

  async function fillSignUp(user: ReturnType<typeof userEvent.setup>, password = 'prepared123') {
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await user.type(screen.getByLabelText('First name'), ' Robin ');
    await user.type(screen.getByLabelText('Last name'), 'Hale');
    await user.type(screen.getByLabelText('Email'), 'robin@example.com');
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
  }

  it('creates an account with the names in the user metadata and closes', async () => {
    autoRespond = (call) =>
      call.respond(
        200,
        session('robin@example.com', { first_name: 'Robin', last_name: 'Hale', full_name: 'Robin Hale' }),
      );
    const { user } = renderOverlay();
    await fillSignUp(user);
    await waitFor(() => expect($overlays.get().auth).toBe(false));
    expect(signupCalls()).toHaveLength(1);
    expect(signupCalls()[0]?.body).toMatchObject({
      email: 'robin@example.com',
      password: 'prepared123',
      data: { first_name: 'Robin', last_name: 'Hale', full_name: 'Robin Hale' },
    });
  });

  it('says clearly when the email is already registered', async () => {
    autoRespond = (call) => call.respond(422, authError('user_already_exists', 'User already registered'));
    const { user } = renderOverlay();
    await fillSignUp(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists. Sign in instead.',
    );
    expect($overlays.get().auth).toBe(true);
  });

  it("shows the server's message for a weak password", async () => {
    autoRespond = (call) =>
      call.respond(
        422,
        authError('weak_password', 'Password should be at least 6 characters.', {
          weak_password: { reasons: ['length'] },
        }),
      );
    const { user } = renderOverlay();
    await fillSignUp(user, 'abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password should be at least 6 characters.');
  });
});

describe('AccountOverlay, signed in', () => {
  beforeEach(() => {
    $customer.set({ id: 'c1', email: 'demo@example.com', firstName: 'Jamie', lastName: 'Carter' });
  });

  it("shows 'Account' with a welcome, name, email and the account buttons", async () => {
    const { user } = renderOverlay();
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Jamie!')).toBeInTheDocument();
    expect(screen.getByTestId('account-name')).toHaveTextContent('Jamie Carter');
    expect(screen.getByTestId('account-email')).toHaveTextContent('demo@example.com');
    for (const name of ['Order History', 'Wishlist']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      '/account/settings',
    );
    expect(screen.queryByLabelText('Email')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Wishlist' }));
    expect(screen.getByRole('heading', { name: 'Wishlist' })).toBeInTheDocument();
    expect(screen.queryByText('Your wishlist is kept in this browser only.')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Back to account/ }));
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
  });

  it("'Order History' closes the overlay and opens the order history page", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/products']}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <AccountOverlay />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Order History' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/account/orders');
    expect($overlays.get().auth).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Sign Out clears the customer and closes the overlay', async () => {
    autoRespond = (call) => call.respond(204, {});
    const { user } = renderOverlay();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect($customer.get()).toBeNull());
    expect($overlays.get().auth).toBe(false);
  });
});
