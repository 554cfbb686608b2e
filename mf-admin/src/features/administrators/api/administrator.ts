/** An administrator as the management page shows it: the admin_users row plus its account's e-mail and names. */
export interface Administrator {
  id: string;
  userId: string;
  role: string;
  permissions: string[];
  active: boolean;
  createdAt: string;
  /** null when the account could not be looked up. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** The database's message, or a fallback, as an Error (what the toasts are chosen from). */
export function backendError(error: { message?: string } | null, fallback: string): Error {
  return new Error(error?.message || fallback);
}
