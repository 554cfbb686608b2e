// bcrypt hashes as GoTrue stores them; hashes made by pgcrypto's crypt(..., gen_salt('bf')) verify too.
import bcrypt from 'bcryptjs';
import { weakPassword, badRequest, type AuthError } from './errors.ts';

const cost = 10;
/** bcrypt only reads 72 bytes; GoTrue refuses longer passwords instead of truncating them. */
const maxPasswordLength = 72;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, cost);
}

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash)) return false;
  try {
    return await bcrypt.compare(password, hash.replace(/^\$2y\$/, '$2b$'));
  } catch {
    return false;
  }
}

export interface PasswordRules {
  minimumPasswordLength: number;
  /** Character sets of which a password needs one character each ([auth] password_requirements). */
  passwordRequiredCharacters: readonly string[];
}

const lower = 'abcdefghijklmnopqrstuvwxyz';
const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const digits = '0123456789';
const symbols = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** The Supabase CLI's `password_requirements` values as GoTrue's required character sets. */
export function requiredCharacterSets(requirement: string): string[] {
  switch (requirement) {
    case 'letters_digits':
      return [lower + upper, digits];
    case 'lower_upper_letters_digits':
      return [lower, upper, digits];
    case 'lower_upper_letters_digits_symbols':
      return [lower, upper, digits, symbols];
    default:
      return [];
  }
}

/**
 * GoTrue's password rules: bcrypt's 72-byte ceiling (400), then the minimum length and the required
 * characters, every failed one named in `weak_password.reasons` (422).
 */
export function passwordProblem(password: string, rules: PasswordRules): AuthError | undefined {
  if (Buffer.byteLength(password, 'utf8') > maxPasswordLength) {
    return badRequest('validation_failed', `Password cannot be longer than ${maxPasswordLength} characters`);
  }
  const messages: string[] = [];
  const reasons: string[] = [];
  if ([...password].length < rules.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${rules.minimumPasswordLength} characters.`);
  }
  const sets = rules.passwordRequiredCharacters;
  if (sets.some((set) => set !== '' && ![...set].some((char) => password.includes(char)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length > 0 ? weakPassword(messages, reasons) : undefined;
}
