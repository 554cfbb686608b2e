import type { User } from '@supabase/supabase-js';
import { atom } from 'nanostores';
import { AUTH_STORAGE_KEY, loadSupabase, whenSupabaseLoaded } from '../supabase/client';

/** The storefront customer, as the session gives it. */
export interface Customer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Signed-in customer, or null. Kept in step with the Supabase auth session of the page. A guest (an
 * anonymous sign-in made to check out) is not a customer: see $guest.
 */
export const $customer = atom<Customer | null>(null);
/**
 * The guest checking out without an account (a Supabase anonymous sign-in): the user id, or null. The
 * storefront treats a guest as signed out everywhere but checkout and its order pages.
 */
export const $guest = atom<{ id: string } | null>(null);
/** False until the stored session has been read, so the header does not flash 'Sign In'. */
export const $sessionReady = atom(false);

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function customerFromUser(user: User): Customer {
  const metadata = (user.user_metadata ?? {}) as Record<string, unknown>;
  const email = user.email ?? '';
  return {
    id: user.id,
    email,
    firstName: text(metadata.first_name) || text(metadata.firstName) || email.split('@')[0] || '',
    lastName: text(metadata.last_name) || text(metadata.lastName),
  };
}

function setCustomer(next: Customer | null): void {
  const previous = $customer.get();
  if (
    previous?.id === next?.id &&
    previous?.firstName === next?.firstName &&
    previous?.lastName === next?.lastName &&
    previous?.email === next?.email
  )
    return;
  $customer.set(next);
}

let stopSync: (() => void) | null = null;

/** Whether this page needs the auth client at once: a stored session, or an auth redirect to complete. */
function needsAuthAtStart(): boolean {
  try {
    if (window.localStorage.getItem(AUTH_STORAGE_KEY)) return true;
  } catch {
    // storage blocked: nobody can be signed in on this page
  }
  return /[?&#](code|access_token|error_description)=/.test(window.location.search + window.location.hash);
}

/**
 * Follows the Supabase session (this tab, other tabs, token refresh) into $customer. Idempotent.
 * A visitor with no stored session needs no auth client for the first paint: the header says 'Sign In' at
 * once and supabase-js loads only when something needs it (signing in, another tab signing in, a remote
 * that works with the session).
 */
export function startSessionSync(): () => void {
  if (stopSync) return stopSync;
  let unsubscribe = () => {};
  const stopFollowing = whenSupabaseLoaded((client) => {
    const { data } = client.auth.onAuthStateChange((_event, session) => {
      const user = session?.user;
      setCustomer(user && !user.is_anonymous ? customerFromUser(user) : null);
      const guestId = user?.is_anonymous ? user.id : null;
      if ($guest.get()?.id !== guestId) $guest.set(guestId ? { id: guestId } : null);
      $sessionReady.set(true);
    });
    unsubscribe = () => data.subscription.unsubscribe();
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_STORAGE_KEY && event.newValue) void loadSupabase();
  };
  window.addEventListener('storage', onStorage);
  if (needsAuthAtStart()) {
    loadSupabase().catch((error: unknown) => {
      console.error('Could not load the Supabase client', error);
      $sessionReady.set(true);
    });
  } else {
    $sessionReady.set(true);
  }
  stopSync = () => {
    stopFollowing();
    unsubscribe();
    window.removeEventListener('storage', onStorage);
    stopSync = null;
  };
  return stopSync;
}

/** Signs the customer out everywhere on this device (every remote sees $customer become null). */
export async function signOutCustomer(): Promise<void> {
  const { error } = await (await loadSupabase()).auth.signOut();
  setCustomer(null);
  $guest.set(null);
  if (error) throw error;
}
