import type { User } from '@supabase/supabase-js';
import { atom } from 'nanostores';
import { getSupabase } from '../supabase/client';
import { events } from './events';

/** The storefront customer (SPEC section 3, "User (storefront session)"). */
export interface Customer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Signed-in customer, or null. Kept in step with the Supabase auth session of the page. */
export const $customer = atom<Customer | null>(null);
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
  if (previous?.id === next?.id && previous?.firstName === next?.firstName) return;
  $customer.set(next);
  if (next) events.emit('account:signed-in', next);
  else if (previous) events.emit('account:signed-out');
}

let stopSync: (() => void) | null = null;

/** Follows the Supabase session (this tab, other tabs, token refresh) into $customer. Idempotent. */
export function startSessionSync(): () => void {
  if (stopSync) return stopSync;
  const { data } = getSupabase().auth.onAuthStateChange((_event, session) => {
    setCustomer(session?.user ? customerFromUser(session.user) : null);
    $sessionReady.set(true);
  });
  stopSync = () => {
    data.subscription.unsubscribe();
    stopSync = null;
  };
  return stopSync;
}

/** Signs the customer out everywhere on this device (every remote sees $customer become null). */
export async function signOutCustomer(): Promise<void> {
  const { error } = await getSupabase().auth.signOut();
  setCustomer(null);
  if (error) throw error;
}
