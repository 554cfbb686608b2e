/** The two administrator roles and seven permission values of SPEC section 6. */
export const ADMIN_ROLES = ['admin', 'super_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const PERMISSIONS = [
  'products',
  'categories',
  'orders',
  'customers',
  'analytics',
  'settings',
  'admin_management',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What a new administrator gets unless chosen otherwise. */
export const DEFAULT_PERMISSIONS: readonly Permission[] = ['products', 'categories', 'orders'];

export function isAdminRole(value: string): value is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(value);
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** 'admin_management' -> 'Admin Management'. */
export function permissionLabel(permission: string): string {
  return permission
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** 'super_admin' -> 'Super Admin'. */
export const roleLabel = permissionLabel;
