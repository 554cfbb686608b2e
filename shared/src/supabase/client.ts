import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';

export type ShopSupabaseClient = SupabaseClient<Database>;

export interface SupabaseSettings {
  url: string;
  anonKey: string;
}

let settings: SupabaseSettings | null = null;
let client: ShopSupabaseClient | null = null;

/** Called once at start-up (by the shell, or by a remote running on its own) with the runtime configuration. */
export function configureSupabase(next: SupabaseSettings): void {
  if (client && settings && (settings.url !== next.url || settings.anonKey !== next.anonKey)) {
    throw new Error('Supabase is already configured with other settings');
  }
  settings = next;
}

export function isSupabaseConfigured(): boolean {
  return settings !== null;
}

/** The local-storage key under which the client keeps the session. */
export const AUTH_STORAGE_KEY = 'readystock-auth';

/** The one typed Supabase client of the page, shared by every remote through the federation singleton. */
export function getSupabase(): ShopSupabaseClient {
  if (client) return client;
  if (!settings) throw new Error('Supabase is not configured: load the runtime configuration first');
  client = createClient<Database>(settings.url, settings.anonKey, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      storageKey: AUTH_STORAGE_KEY,
    },
  });
  return client;
}
