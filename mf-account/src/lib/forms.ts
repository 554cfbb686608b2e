import * as v from 'valibot';
import { texts } from '../texts';

const t = texts.settings;

/** The fields' errors of a form, by field name (the first issue of each). */
export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** Runs a valibot schema over a form's values: the parsed output, or the first message per field. */
export function checkForm<F extends string, S extends v.GenericSchema>(
  schema: S,
  values: Record<F, string>,
): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: FormErrors<F> } {
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, value: result.output };
  const errors: FormErrors<F> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as F | null;
    if (key && errors[key] === undefined) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

const trimmedName = (empty: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(empty), v.maxLength(100, t.nameTooLong));

export const nameSchema = v.object({
  firstName: trimmedName(texts.required.firstName),
  lastName: trimmedName(texts.required.lastName),
});

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(texts.required.email),
    v.regex(EMAIL_PATTERN, texts.invalidEmail),
    v.toLowerCase(),
  ),
});

const requiredPassword = (message: string) => v.pipe(v.string(), v.nonEmpty(message));

/** A new password typed twice (the server judges its strength and says why it is too weak). */
export const newPasswordSchema = v.pipe(
  v.object({
    password: requiredPassword(t.password.newRequired),
    confirm: requiredPassword(t.password.confirmRequired),
  }),
  v.forward(
    v.check((input) => input.password === input.confirm, t.password.mismatch),
    ['confirm'],
  ),
);

/** The current password and a new one typed twice. */
export const changePasswordSchema = v.pipe(
  v.object({
    current: requiredPassword(t.password.currentRequired),
    password: requiredPassword(t.password.newRequired),
    confirm: requiredPassword(t.password.confirmRequired),
  }),
  v.forward(
    v.check((input) => input.password === input.confirm, t.password.mismatch),
    ['confirm'],
  ),
);

/** The password that confirms the deletion of the account. */
export const deleteAccountSchema = v.object({ password: requiredPassword(t.remove.passwordRequired) });
