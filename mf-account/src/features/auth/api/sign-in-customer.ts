import { customerFromUser, getSupabase } from '@prepper/shared';
import { signInFailure, type AuthResult } from './auth-failure';

export interface SignInInput {
  email: string;
  password: string;
}

/** Signs a storefront customer in with Supabase auth; the shared session sync then fills $customer. */
export async function signInCustomer({ email, password }: SignInInput): Promise<AuthResult> {
  try {
    const { data, error } = await getSupabase().auth.signInWithPassword({ email: email.trim(), password });
    if (error) return { ok: false, failure: signInFailure(error) };
    return { ok: true, firstName: customerFromUser(data.user).firstName };
  } catch (error) {
    console.error('Sign-in failed', error);
    return { ok: false, failure: { kind: 'unavailable' } };
  }
}
