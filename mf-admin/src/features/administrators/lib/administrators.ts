import { texts } from '../../../texts';
import type { Administrator } from '../api/administrator';
import type { NewAdministrator } from '../api/create-administrator';

/** The shortest password a new administrator may get. */
export const MIN_ADMIN_PASSWORD_LENGTH = 6;

type Identity = Pick<Administrator, 'email' | 'firstName' | 'lastName'>;

function fullName({ firstName, lastName }: Identity): string {
  return [firstName, lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** Full name, else the e-mail; 'Unknown User' when the account could not be looked up. */
export function displayName(admin: Identity): string {
  if (!admin.email) return fullName(admin) || texts.administrators.unknownUser;
  return fullName(admin) || admin.email;
}

export function displayEmail(admin: Identity): string {
  return admin.email || texts.administrators.unknownEmail;
}

/** Two letters for the avatar: first and last name initials, else the start of the e-mail. */
export function initials(admin: Identity): string {
  const name = fullName(admin);
  if (name) {
    const parts = name.split(/\s+/);
    return (
      (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')
    ).toUpperCase();
  }
  return (admin.email?.slice(0, 2) ?? '?').toUpperCase();
}

/** The permissions column: the first 3, then '+n more'. */
export function permissionSummary(
  permissions: string[],
  shown = 3,
): { visible: string[]; more: string | null } {
  const rest = permissions.length - shown;
  return { visible: permissions.slice(0, shown), more: rest > 0 ? `+${rest} more` : null };
}

/** Case-insensitive search by name, e-mail or role. */
export function filterAdministrators(admins: Administrator[], query: string): Administrator[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return admins;
  return admins.filter((admin) =>
    [displayName(admin), admin.email ?? '', admin.role, admin.role.replace('_', ' ')].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}

export interface AdministratorCounts {
  total: number;
  active: number;
  inactive: number;
  superAdmins: number;
}

export function countAdministrators(admins: Administrator[]): AdministratorCounts {
  const active = admins.filter((admin) => admin.active).length;
  return {
    total: admins.length,
    active,
    inactive: admins.length - active,
    superAdmins: admins.filter((admin) => admin.role === 'super_admin').length,
  };
}

/** The form holds exactly what creating an administrator takes. */
export type AdministratorFormValues = NewAdministrator;

/** The administrator form's rules. Returns the message to show, or null when the form may be saved. */
export function validateAdministratorForm(
  values: AdministratorFormValues,
  mode: 'create' | 'edit',
): string | null {
  if (!values.email.trim()) return texts.administrators.fillInRequired;
  if (mode === 'edit') return null;
  if (!values.password) return texts.administrators.fillInRequired;
  if (values.password.length < MIN_ADMIN_PASSWORD_LENGTH) return texts.administrators.passwordTooShort;
  if (!values.firstName.trim() || !values.lastName.trim()) return texts.administrators.namesRequired;
  return null;
}

/** The duplicate e-mail gets its own text, otherwise the server's message or the fallback. */
export function saveErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('User already registered')) return texts.administrators.duplicateEmail;
  return message || texts.administrators.saveFailed;
}
