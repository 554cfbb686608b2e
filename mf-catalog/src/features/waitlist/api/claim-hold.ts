import { loadSupabase } from '@prepper/shared';

/**
 * Emergency mode: claims the hold of a holding back-in-stock e-mail (the token of its product link,
 * `?hold=`) for the signed-in shopper, an account or a guest, so the checkout keeps its unit for them.
 * False when the hold has ended or run out (or the token is not one).
 */
export async function claimHold(token: string): Promise<boolean> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('waitlist_claim_hold', { p_token: token });
  if (error) throw new Error(error.message);
  return data;
}

/** "Continue as guest" from a hold's link: a Supabase anonymous sign-in, as the checkout makes it. */
export async function signInAsGuest(): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signInAnonymously();
  if (error) throw new Error(error.message);
}
