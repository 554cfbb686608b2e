/**
 * Administrator roles and permissions: the values the database accepts (admin_users.role and
 * .permissions, checked by public.admin_validate_grant and has_admin_permission), declared once for the
 * back office and the tests.
 */
export const ADMIN_ROLES = ['admin', 'super_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The seven permission values, in the order the back office lists them. */
export const ADMIN_PERMISSIONS = [
  'products',
  'categories',
  'orders',
  'customers',
  'analytics',
  'settings',
  'admin_management',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** What a new administrator gets unless chosen otherwise. */
export const DEFAULT_ADMIN_PERMISSIONS: readonly AdminPermission[] = ['products', 'categories', 'orders'];

export function isAdminRole(value: string): value is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(value);
}

export function isAdminPermission(value: string): value is AdminPermission {
  return (ADMIN_PERMISSIONS as readonly string[]).includes(value);
}
