import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ADMIN_RECHECK_INTERVAL_MS } from '../features/auth/hooks/use-admin-access';
import { useCurrentAdmin } from '../lib/current-admin';
import { fakeSession, fakeSupabase, type QueryCall } from '../lib/testing/fake-supabase';
import { installFakeSupabase } from '../lib/testing/setup';
import { AdminGuard } from './admin-guard';

vi.mock('@supabase/supabase-js', () => import('../lib/testing/supabase-js-mock'));
installFakeSupabase();

const { auth } = fakeSupabase.client;

function AdminPage() {
  const admin = useCurrentAdmin();
  return (
    <p>
      Welcome {admin.email} ({admin.role})
    </p>
  );
}

function renderGuard() {
  return render(
    <MemoryRouter initialEntries={['/admin']}>
      <Routes>
        <Route
          path="/admin"
          element={
            <AdminGuard>
              <AdminPage />
            </AdminGuard>
          }
        />
        <Route path="/admin/login" element={<p>Login page</p>} />
        <Route path="/" element={<p>Storefront home</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

interface Backend {
  databaseUp?: boolean;
  adminRecord?: { active: number; role?: string } | null;
  adminCheckFails?: boolean;
}

/** Answers the connectivity test and the admin_users lookup like the database would. */
function backend(state: Backend) {
  fakeSupabase.queryHandler.mockImplementation((call: QueryCall) => {
    if (call.table === 'categories') {
      return state.databaseUp === false ? { error: { message: 'fetch failed' } } : { count: 7 };
    }
    if (call.table === 'admin_users') {
      if (state.adminCheckFails) return { error: { message: 'permission denied' } };
      const record = state.adminRecord;
      const activeOnly = call.filters.some(([column, , value]) => column === 'active' && value === 1);
      if (!record || (activeOnly && record.active !== 1)) return { data: null };
      return {
        data: { id: 'admin-1', user_id: 'user-1', role: record.role ?? 'super_admin', permissions: [] },
      };
    }
    return { data: null };
  });
}

function signedIn() {
  auth.getSession.mockResolvedValue({ data: { session: fakeSession() }, error: null });
}

describe('admin access guard', () => {
  it('shows a loading state first', () => {
    auth.getSession.mockReturnValue(new Promise(() => {}));
    renderGuard();
    expect(screen.getByRole('status')).toHaveTextContent('Checking administrator access');
  });

  it('reports a database that cannot be reached, with Retry and Go to Login', async () => {
    backend({ databaseUp: false });
    renderGuard();
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Database connection failed');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/admin/login');
    expect(auth.getSession).not.toHaveBeenCalled();
  });

  it('reports a session error', async () => {
    backend({});
    auth.getSession.mockResolvedValue({ data: { session: null }, error: new Error('bad token') });
    renderGuard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication error');
  });

  it('reports a failed admin check', async () => {
    backend({ adminCheckFails: true });
    signedIn();
    renderGuard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Admin status check failed');
  });

  it('reports a failed initialisation when the client throws', async () => {
    backend({});
    auth.getSession.mockRejectedValue(new Error('storage unavailable'));
    renderGuard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication initialization failed');
  });

  it('sends a visitor without a session to the login', async () => {
    backend({});
    renderGuard();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('denies a signed-in user without an active admin record, who can sign out or go home', async () => {
    backend({ adminRecord: null });
    signedIn();
    const user = userEvent.setup();
    renderGuard();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText("You don't have administrator privileges to access this area."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(auth.signOut).toHaveBeenCalled();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('denies a deactivated administrator', async () => {
    backend({ adminRecord: { active: 0 } });
    signedIn();
    renderGuard();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('shows the page to an active administrator, with the admin in context', async () => {
    backend({ adminRecord: { active: 1 } });
    signedIn();
    renderGuard();
    expect(await screen.findByText('Welcome admin@example.com (super_admin)')).toBeInTheDocument();
  });

  it('ends the admin session when another tab signs out', async () => {
    backend({ adminRecord: { active: 1 } });
    signedIn();
    renderGuard();
    await screen.findByText(/Welcome/);
    await act(async () => {
      fakeSupabase.emit('SIGNED_OUT', null);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('re-checks on window focus: a deactivated administrator loses access', async () => {
    const state: Backend = { adminRecord: { active: 1 } };
    backend(state);
    signedIn();
    renderGuard();
    await screen.findByText(/Welcome/);
    state.adminRecord = { active: 0 };
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('re-checks periodically: removed privileges take effect without any event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const state: Backend = { adminRecord: { active: 1 } };
      backend(state);
      signedIn();
      renderGuard();
      await screen.findByText(/Welcome/);
      state.adminRecord = null;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ADMIN_RECHECK_INTERVAL_MS);
      });
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the page through a re-check that cannot reach the database', async () => {
    const state: Backend = { adminRecord: { active: 1 } };
    backend(state);
    signedIn();
    renderGuard();
    await screen.findByText(/Welcome/);
    state.adminCheckFails = true;
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(screen.getByText(/Welcome/)).toBeInTheDocument();
  });
});
