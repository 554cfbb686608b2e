import {
  ADMIN_PERMISSIONS,
  ADMIN_ROLES,
  DEFAULT_ADMIN_PERMISSIONS,
  isAdminPermission,
  isAdminRole,
  type AdminPermission,
  type AdminRole,
} from '@prepper/shared/admin';

/** The two administrator roles and seven permission values, from the contract in @prepper/shared. */
export { ADMIN_ROLES, isAdminRole, type AdminRole };
export const PERMISSIONS = ADMIN_PERMISSIONS;
export type Permission = AdminPermission;
export const DEFAULT_PERMISSIONS = DEFAULT_ADMIN_PERMISSIONS;
export const isPermission = isAdminPermission;

/** 'admin_management' -> 'Admin Management'. */
export function permissionLabel(permission: string): string {
  return permission
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** 'super_admin' -> 'Super Admin'. */
export const roleLabel = permissionLabel;
