import * as v from 'valibot';

/** The e-mail a guest's order goes to: the database's rule is a plain address (email_plain_normalised). */
export const guestEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Please enter your e-mail address'),
  v.maxLength(254, 'Keep it under 254 characters'),
  v.email('Please enter a valid e-mail address'),
);

/** "Save your details": the account's e-mail and a password (the auth server's minimum is 6). */
export const createAccountSchema = v.object({
  email: guestEmailSchema,
  password: v.pipe(
    v.string(),
    v.minLength(6, 'Password must be at least 6 characters'),
    v.maxLength(72, 'Password cannot be longer than 72 characters'),
  ),
});

/** The first message of a failed parse, or undefined when the value is valid. */
export function firstIssue(schema: v.GenericSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0]?.message;
}
