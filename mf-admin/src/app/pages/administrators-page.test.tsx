import { $toasts } from '@prepper/shared';
import { ADMIN_PERMISSIONS } from '@prepper/shared/admin';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { CurrentAdminProvider, type CurrentAdmin } from '../../lib/current-admin';
import { fakeSupabase } from '../../lib/testing/fake-supabase';
import { installFakeSupabase } from '../../lib/testing/setup';
import { AdministratorsPage } from './administrators-page';

vi.mock('@supabase/supabase-js', () => import('../../lib/testing/supabase-js-mock'));
installFakeSupabase();

const SUPER_ADMIN: CurrentAdmin = {
  id: 'a-1',
  userId: 'u-1',
  email: 'admin@example.com',
  role: 'super_admin',
  permissions: ['products', 'categories', 'orders'],
};
const ORDERS_ADMIN: CurrentAdmin = {
  id: 'a-3',
  userId: 'u-3',
  email: 'orders.admin@example.com',
  role: 'admin',
  permissions: ['orders'],
};

const ROWS = [
  {
    id: 'a-1',
    user_id: '11111111-aaaa-bbbb-cccc-000000000001',
    role: 'super_admin',
    permissions: [...ADMIN_PERMISSIONS],
    active: 1,
    created_at: '2025-01-03T00:00:00Z',
    email: 'admin@example.com',
    first_name: 'Alex',
    last_name: 'Morgan',
  },
  {
    id: 'a-2',
    user_id: '22222222-aaaa-bbbb-cccc-000000000002',
    role: 'admin',
    permissions: ['products'],
    active: 0,
    created_at: '2025-01-02T00:00:00Z',
    email: 'inactive.admin@example.com',
    first_name: 'Riley',
    last_name: 'Brooks',
  },
  {
    id: 'a-4',
    user_id: '44444444-aaaa-bbbb-cccc-000000000004',
    role: 'admin',
    permissions: ['orders'],
    active: 1,
    created_at: '2025-01-01T00:00:00Z',
    email: null,
    first_name: null,
    last_name: null,
  },
];

function backend(rows = ROWS, createError: { message: string } | null = null) {
  fakeSupabase.rpcHandler.mockImplementation((name: string) => {
    if (name === 'admin_list_administrators') return { data: rows };
    if (name === 'admin_create_administrator') return createError ? { error: createError } : { data: {} };
    return { data: null };
  });
}

function renderPage(admin: CurrentAdmin = SUPER_ADMIN) {
  return render(
    <MemoryRouter>
      <CurrentAdminProvider admin={admin}>
        <AdministratorsPage />
      </CurrentAdminProvider>
    </MemoryRouter>,
  );
}

const messages = () => $toasts.get().map((toast) => toast.message);

describe('administrator management', () => {
  beforeEach(() => $toasts.set([]));

  it('shows the cards and the table rows', async () => {
    backend();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Administrator Management' })).toBeInTheDocument();
    // Each administrator is a card (narrow screens) and a table row (from md up).
    const rows = await screen.findAllByTestId('administrator-row');
    expect(rows).toHaveLength(6);
    expect(rows.slice(0, 3).map((row) => row.tagName)).toEqual(['LI', 'LI', 'LI']);
    expect(within(rows[3]!).getByText('Alex Morgan')).toBeInTheDocument();
    const cards = within(screen.getByRole('region', { name: 'Administrator summary' }));
    expect(cards.getByText('Total Admins').nextSibling).toHaveTextContent('3');
    expect(cards.getByText('Active').nextSibling).toHaveTextContent('2');
    expect(cards.getByText('Inactive').nextSibling).toHaveTextContent('1');
    expect(cards.getByText('Super Admins').nextSibling).toHaveTextContent('1');

    const alex = within(rows[0]!);
    expect(alex.getByText('Alex Morgan')).toBeInTheDocument();
    expect(alex.getByText('AM')).toBeInTheDocument();
    expect(alex.getByText('11111111')).toBeInTheDocument();
    const permissions = alex.getByRole('list', { name: 'Permissions of Alex Morgan' });
    expect(
      within(permissions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Products', 'Categories', 'Orders', '+4 more']);

    const unknown = within(rows[2]!);
    expect(unknown.getByText('Unknown User')).toBeInTheDocument();
    expect(unknown.getByText('Unknown')).toBeInTheDocument();
    const rileyCard = rows.slice(0, 3).find((row) => within(row).queryByText('Riley Brooks'));
    expect(within(rileyCard!).getByText('Inactive')).toBeInTheDocument();
  });

  it('filters by the search and explains an empty result', async () => {
    backend();
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('administrator-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, email, or role' }), 'riley');
    expect(screen.getAllByTestId('administrator-row')).toHaveLength(2);
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByText('No administrators found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms.')).toBeInTheDocument();
  });

  it('invites to add the first administrator when there is none', async () => {
    backend([]);
    renderPage();
    expect(await screen.findByText('Get started by adding your first administrator.')).toBeInTheDocument();
  });

  it('is read-only for an administrator without admin_management', async () => {
    backend();
    renderPage(ORDERS_ADMIN);
    await screen.findAllByTestId('administrator-row');
    expect(screen.queryByRole('button', { name: 'Add Administrator' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  it('offers no removal of oneself', async () => {
    backend();
    renderPage();
    await screen.findAllByTestId('administrator-row');
    expect(
      screen.queryByRole('button', { name: 'Remove administrator privileges of Alex Morgan' }),
    ).toBeNull();
    // On the card and in the table row.
    expect(
      screen.getAllByRole('button', { name: 'Remove administrator privileges of Riley Brooks' }),
    ).toHaveLength(2);
  });

  it('creates with the default permissions and validates names', async () => {
    backend();
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('administrator-row');
    await user.click(screen.getByRole('button', { name: 'Add Administrator' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Administrator' });
    const form = within(dialog);
    expect(form.getByLabelText('Role')).toHaveValue('admin');
    const checked = form.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked);
    expect(checked.map((box) => box.parentElement?.textContent)).toEqual([
      'Products',
      'Categories',
      'Orders',
      'Active',
    ]);
    expect(form.getAllByRole('checkbox')).toHaveLength(8);

    await user.type(form.getByLabelText(/^Email/), 'nia@example.com');
    await user.type(form.getByLabelText(/^Password/), 'secret1');
    await user.type(form.getByLabelText(/^First name/), 'Nia');
    await user.click(form.getByRole('button', { name: 'Create Administrator' }));
    expect(form.getByRole('alert')).toHaveTextContent('Please provide first name and last name');
    expect(messages()).toContain('Please provide first name and last name');

    await user.type(form.getByLabelText(/^Last name/), 'Cole');
    await user.click(form.getByLabelText('Analytics'));
    await user.click(form.getByRole('button', { name: 'Create Administrator' }));
    await vi.waitFor(() => expect(messages()).toContain('Administrator created successfully'));
    expect(fakeSupabase.client.rpc).toHaveBeenCalledWith('admin_create_administrator', {
      p_email: 'nia@example.com',
      p_password: 'secret1',
      p_first_name: 'Nia',
      p_last_name: 'Cole',
      p_role: 'admin',
      p_permissions: ['products', 'categories', 'orders', 'analytics'],
      p_active: 1,
    });
  });

  it('names a duplicate e-mail', async () => {
    backend(ROWS, { message: 'User already registered' });
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('administrator-row');
    await user.click(screen.getByRole('button', { name: 'Add Administrator' }));
    const form = within(screen.getByRole('dialog', { name: 'Add Administrator' }));
    await user.type(form.getByLabelText(/^Email/), 'admin@example.com');
    await user.type(form.getByLabelText(/^Password/), 'secret1');
    await user.type(form.getByLabelText(/^First name/), 'Al');
    await user.type(form.getByLabelText(/^Last name/), 'Ex');
    await user.click(form.getByRole('button', { name: 'Create Administrator' }));
    expect(await form.findByRole('alert')).toHaveTextContent('A user with this email already exists');
  });

  it('edits role, permissions and status only', async () => {
    backend();
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('administrator-row');
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Edit Riley Brooks' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit Administrator' }));
    expect(form.getByLabelText(/^Email/)).toHaveAttribute('readonly');
    expect(form.getByLabelText(/^First name/)).toHaveAttribute('readonly');
    expect(form.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(form.getByLabelText('Active')).not.toBeChecked();
    await user.click(form.getByLabelText('Active'));
    await user.click(form.getByLabelText('Orders'));
    await user.selectOptions(form.getByLabelText('Role'), 'super_admin');
    await user.click(form.getByRole('button', { name: 'Update Administrator' }));
    await vi.waitFor(() => expect(messages()).toContain('Administrator updated successfully'));
    expect(fakeSupabase.client.rpc).toHaveBeenCalledWith('admin_update_administrator', {
      p_id: 'a-2',
      p_role: 'super_admin',
      p_permissions: ['products', 'orders'],
      p_active: 1,
    });
  });

  it('removes privileges after confirming that the account stays', async () => {
    backend();
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('administrator-row');
    const card = screen
      .getAllByTestId('administrator-row')
      .find((row) => row.tagName === 'LI' && within(row).queryByText('Riley Brooks'));
    await user.click(
      within(card!).getByRole('button', { name: 'Remove administrator privileges of Riley Brooks' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Remove administrator privileges?' }));
    expect(dialog.getByText(/does not delete the user account/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove privileges' }));
    await vi.waitFor(() => expect(messages()).toContain('Administrator privileges removed successfully'));
    expect(fakeSupabase.client.rpc).toHaveBeenCalledWith('admin_remove_administrator', { p_id: 'a-2' });
  });

  it('reports a failed load', async () => {
    fakeSupabase.rpcHandler.mockImplementation(() => ({ error: { message: 'permission denied' } }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch administrators');
    expect(messages()).toContain('Failed to fetch administrators');
  });
});
