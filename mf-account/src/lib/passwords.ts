import { getSupabase } from '@prepper/shared';
import { defineMutation } from './query';

/** What the auth service said about a new password, in words for the customer. */
export function passwordChangeProblem(
  error: { code?: string; message?: string; status?: number } | null | undefined,
  texts: {
    weak: (reasons: string) => string;
    same: string;
    currentWrong: string;
    recoveryNeeded: string;
    generic: string;
  },
): string {
  if (!error) return texts.generic;
  switch (error.code) {
    case 'weak_password':
      return texts.weak(error.message ?? '');
    case 'same_password':
      return texts.same;
    case 'current_password_required':
    case 'current_password_invalid':
      return texts.currentWrong;
    case 'reauthentication_needed':
    case 'reauthentication_not_valid':
      return texts.recoveryNeeded;
    default:
      return texts.generic;
  }
}

/** An auth service refusal, kept whole so the form can say why (weak_password and its reasons). */
export class PasswordRefused extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'PasswordRefused';
  }
}

/**
 * Sets a new password. From the reset link's (recovery) session the new one is enough; elsewhere the
 * auth service asks for the current password too (update_password_require_current_password).
 */
export async function setNewPassword(input: { password: string; currentPassword?: string }): Promise<void> {
  const { error } = await getSupabase().auth.updateUser({
    password: input.password,
    ...(input.currentPassword !== undefined ? { current_password: input.currentPassword } : {}),
  });
  if (error) throw new PasswordRefused(error.code, error.message, error.status);
}

export const setNewPasswordMutation = defineMutation('set new password', setNewPassword);
