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

/** GoTrue's password rules: the configured minimum length and bcrypt's 72-byte ceiling. */
export function passwordProblem(password: string, minLength: number): AuthError | undefined {
  if ([...password].length < minLength) return weakPassword(minLength);
  if (Buffer.byteLength(password, 'utf8') > maxPasswordLength) {
    return badRequest('validation_failed', `Password cannot be longer than ${maxPasswordLength} characters`);
  }
  return undefined;
}
