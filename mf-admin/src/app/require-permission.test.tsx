import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CurrentAdminProvider, type CurrentAdmin } from '../lib/current-admin';
import { RequirePermission } from './require-permission';

function renderAs(admin: Pick<CurrentAdmin, 'role' | 'permissions'>) {
  return render(
    <MemoryRouter>
      <CurrentAdminProvider admin={{ id: 'a', userId: 'u', email: 'x@example.com', ...admin }}>
        <RequirePermission permission="customers">
          <p>Customer list</p>
        </RequirePermission>
      </CurrentAdminProvider>
    </MemoryRouter>,
  );
}

describe('RequirePermission', () => {
  it('shows the page to an admin with the permission, and to a super admin', () => {
    renderAs({ role: 'admin', permissions: ['orders', 'customers'] });
    expect(screen.getByText('Customer list')).toBeInTheDocument();
    renderAs({ role: 'super_admin', permissions: [] });
    expect(screen.getAllByText('Customer list')).toHaveLength(2);
  });

  it('refuses an admin without it, naming the permission', () => {
    renderAs({ role: 'admin', permissions: ['orders'] });
    expect(screen.queryByText('Customer list')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(/needs the Customers permission/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/admin');
  });
});
