import { createContext, useContext, type ReactNode } from 'react';
import type { Permission } from './permissions';

/** The signed-in administrator as the access guard last confirmed it. */
export interface CurrentAdmin {
  /** admin_users.id */
  id: string;
  userId: string;
  email: string;
  role: string;
  permissions: string[];
}

const CurrentAdminContext = createContext<CurrentAdmin | null>(null);

export function CurrentAdminProvider({ admin, children }: { admin: CurrentAdmin; children: ReactNode }) {
  return <CurrentAdminContext.Provider value={admin}>{children}</CurrentAdminContext.Provider>;
}

/** The administrator behind the guard; pages use it to hide actions the admin lacks (the database enforces anyway). */
export function useCurrentAdmin(): CurrentAdmin {
  const admin = useContext(CurrentAdminContext);
  if (!admin) throw new Error('useCurrentAdmin must be used within a CurrentAdminProvider');
  return admin;
}

/** True for a super admin, or an admin holding the permission (mirrors has_admin_permission in the database). */
export function hasPermission(
  admin: Pick<CurrentAdmin, 'role' | 'permissions'>,
  permission: Permission,
): boolean {
  return admin.role === 'super_admin' || admin.permissions.includes(permission);
}
