import { texts } from '../../../texts';

export type AuthMode = 'sign-in' | 'sign-up';

export interface CredentialFields {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export type FieldErrors = Partial<Record<keyof CredentialFields, string>>;

export const emptyFields: CredentialFields = { email: '', password: '', firstName: '', lastName: '' };

/** The order the fields appear in, so the first invalid one can take the focus. */
export const fieldOrder: Array<keyof CredentialFields> = ['firstName', 'lastName', 'email', 'password'];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-in or create-account form's field errors (fixed texts); an empty object when all is well. */
export function validateCredentials(fields: CredentialFields, mode: AuthMode): FieldErrors {
  const errors: FieldErrors = {};
  if (mode === 'sign-up') {
    if (!fields.firstName.trim()) errors.firstName = texts.required.firstName;
    if (!fields.lastName.trim()) errors.lastName = texts.required.lastName;
  }
  if (!fields.email.trim()) errors.email = texts.required.email;
  else if (!EMAIL_PATTERN.test(fields.email.trim())) errors.email = texts.invalidEmail;
  if (!fields.password) errors.password = texts.required.password;
  return errors;
}
