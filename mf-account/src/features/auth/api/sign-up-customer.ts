import { customerFromUser, getSupabase } from '@prepper/shared';
import { signUpFailure, type AuthResult } from './auth-failure';

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates a customer account (names in the user metadata) and signs it in when the service allows. */
export async function signUpCustomer(input: SignUpInput): Promise<AuthResult> {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  try {
    const { data, error } = await getSupabase().auth.signUp({
      email: input.email.trim(),
      password: input.password,
      options: {
        data: { first_name: firstName, last_name: lastName, full_name: `${firstName} ${lastName}` },
        // The confirmation link brings the customer back to the page they signed up on, signed in.
        emailRedirectTo: window.location.href,
      },
    });
    if (error) return { ok: false, failure: signUpFailure(error) };
    // With e-mail confirmation on, Supabase answers an existing address with a user without identities.
    if (data.user && Array.isArray(data.user.identities) && data.user.identities.length === 0) {
      return { ok: false, failure: { kind: 'already-registered' } };
    }
    if (!data.session || !data.user) return { ok: false, failure: { kind: 'confirm-email' } };
    return { ok: true, firstName: customerFromUser(data.user).firstName || firstName };
  } catch (error) {
    console.error('Sign-up failed', error);
    return { ok: false, failure: { kind: 'unavailable' } };
  }
}
