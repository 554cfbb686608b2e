import { ADMIN_PERMISSIONS } from '@prepper/shared/admin';
import type { Administrator } from '../api/administrator';
import {
  countAdministrators,
  displayEmail,
  displayName,
  filterAdministrators,
  initials,
  permissionSummary,
  saveErrorMessage,
  validateAdministratorForm,
  type AdministratorFormValues,
} from './administrators';

function admin(overrides: Partial<Administrator>): Administrator {
  return {
    id: 'id-1',
    userId: 'user-1',
    role: 'admin',
    permissions: ['products'],
    active: true,
    createdAt: '2025-01-01T00:00:00Z',
    email: 'taylor@example.com',
    firstName: 'Taylor',
    lastName: 'Reed',
    ...overrides,
  };
}

const createValues: AdministratorFormValues = {
  email: 'new.admin@example.com',
  password: 'secret1',
  firstName: 'Nia',
  lastName: 'Cole',
  role: 'admin',
  permissions: ['products', 'categories', 'orders'],
  active: true,
};

describe('validateAdministratorForm', () => {
  it('accepts a complete new administrator', () => {
    expect(validateAdministratorForm(createValues, 'create')).toBeNull();
  });
  it('requires e-mail and password', () => {
    expect(validateAdministratorForm({ ...createValues, email: ' ' }, 'create')).toBe(
      'Please fill in all required fields',
    );
    expect(validateAdministratorForm({ ...createValues, password: '' }, 'create')).toBe(
      'Please fill in all required fields',
    );
  });
  it('requires at least 6 characters of password', () => {
    expect(validateAdministratorForm({ ...createValues, password: '12345' }, 'create')).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateAdministratorForm({ ...createValues, password: '123456' }, 'create')).toBeNull();
  });
  it('requires first and last name on create', () => {
    expect(validateAdministratorForm({ ...createValues, lastName: '' }, 'create')).toBe(
      'Please provide first name and last name',
    );
    expect(validateAdministratorForm({ ...createValues, firstName: '  ' }, 'create')).toBe(
      'Please provide first name and last name',
    );
  });
  it('asks neither password nor names on edit', () => {
    expect(
      validateAdministratorForm({ ...createValues, password: '', firstName: '', lastName: '' }, 'edit'),
    ).toBeNull();
  });
});

describe('saveErrorMessage', () => {
  it('names a duplicate e-mail', () => {
    expect(saveErrorMessage(new Error('User already registered'))).toBe(
      'A user with this email already exists',
    );
  });
  it("passes the server's message through, or the fallback", () => {
    expect(saveErrorMessage(new Error('Cannot remove the last active super admin'))).toBe(
      'Cannot remove the last active super admin',
    );
    expect(saveErrorMessage(new Error(''))).toBe('Failed to save administrator');
    expect(saveErrorMessage('boom')).toBe('Failed to save administrator');
  });
});

describe('display', () => {
  it('shows the full name, else the e-mail', () => {
    expect(displayName(admin({}))).toBe('Taylor Reed');
    expect(displayName(admin({ firstName: null, lastName: null }))).toBe('taylor@example.com');
  });
  it("shows 'Unknown User' and 'Unknown' when the account lookup failed", () => {
    const lost = admin({ email: null, firstName: null, lastName: null });
    expect(displayName(lost)).toBe('Unknown User');
    expect(displayEmail(lost)).toBe('Unknown');
  });
  it('makes initials from the names or the e-mail', () => {
    expect(initials(admin({}))).toBe('TR');
    expect(initials(admin({ firstName: null, lastName: null }))).toBe('TA');
  });
  it("lists the first 3 permissions then '+n more'", () => {
    expect(permissionSummary(['products', 'categories'])).toEqual({
      visible: ['products', 'categories'],
      more: null,
    });
    expect(permissionSummary([...ADMIN_PERMISSIONS])).toEqual({
      visible: ['products', 'categories', 'orders'],
      more: '+4 more',
    });
  });
});

describe('cards and search', () => {
  const list = [
    admin({
      id: '1',
      role: 'super_admin',
      email: 'admin@example.com',
      firstName: 'Alex',
      lastName: 'Morgan',
    }),
    admin({
      id: '2',
      active: false,
      email: 'inactive.admin@example.com',
      firstName: 'Riley',
      lastName: 'Brooks',
    }),
    admin({ id: '3' }),
  ];
  it('counts total, active, inactive and super admins', () => {
    expect(countAdministrators(list)).toEqual({ total: 3, active: 2, inactive: 1, superAdmins: 1 });
  });
  it('searches by name, e-mail or role, ignoring case', () => {
    expect(filterAdministrators(list, 'riley').map((a) => a.id)).toEqual(['2']);
    expect(filterAdministrators(list, 'TAYLOR@').map((a) => a.id)).toEqual(['3']);
    expect(filterAdministrators(list, 'super').map((a) => a.id)).toEqual(['1']);
    expect(filterAdministrators(list, '  ').map((a) => a.id)).toEqual(['1', '2', '3']);
    expect(filterAdministrators(list, 'nobody')).toEqual([]);
  });
});
