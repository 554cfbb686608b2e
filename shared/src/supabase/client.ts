import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';
import { createCatalogueClient, type CatalogueClient } from './catalogue-client';

export type ShopSupabaseClient = SupabaseClient<Database>;

export interface SupabaseSettings {
  url: string;
  anonKey: string;
}

/** Where the one client keeps the signed-in session (localStorage). */
export const AUTH_STORAGE_KEY = 'readystock-auth';

let settings: SupabaseSettings | null = null;
let client: ShopSupabaseClient | null = null;
let loading: Promise<ShopSupabaseClient> | null = null;
let catalogue: CatalogueClient | null = null;
const loadedListeners = new Set<(client: ShopSupabaseClient) => void>();

/** Called once at start-up (by the shell, or by a remote running on its own) with the runtime configuration. */
export function configureSupabase(next: SupabaseSettings): void {
  if (client && settings && (settings.url !== next.url || settings.anonKey !== next.anonKey)) {
    throw new Error('Supabase is already configured with other settings');
  }
  // The catalogue reader follows a changed address (the shop's server renders with the current /config.json).
  if (settings && (settings.url !== next.url || settings.anonKey !== next.anonKey)) catalogue = null;
  settings = next;
}

export function isSupabaseConfigured(): boolean {
  return settings !== null;
}

/** The project URL and anon key of the page's client (for a helper client, e.g. uploads with progress). */
export function getSupabaseSettings(): SupabaseSettings {
  return requireSettings();
}

function requireSettings(): SupabaseSettings {
  if (!settings) throw new Error('Supabase is not configured: load the runtime configuration first');
  return settings;
}

/**
 * Loads supabase-js (auth, realtime, storage, functions: about 60 kB gzip) and creates the one typed client
 * of the page, shared by every remote through the federation singleton. It is not part of the first paint:
 * the shell loads it before mounting any remote but the catalogue, and when a stored session or an auth
 * redirect needs it (startSessionSync).
 */
export function loadSupabase(): Promise<ShopSupabaseClient> {
  if (client) return Promise.resolve(client);
  if (!settings)
    return Promise.reject(new Error('Supabase is not configured: load the runtime configuration first'));
  if (!loading) {
    const { url, anonKey } = settings;
    loading = import('@supabase/supabase-js').then(
      ({ createClient }) => {
        client ??= createClient<Database>(url, anonKey, {
          auth: {
            flowType: 'pkce',
            persistSession: true,
            autoRefreshToken: true,
            detectSessionInUrl: true,
            storageKey: AUTH_STORAGE_KEY,
          },
        });
        for (const listener of [...loadedListeners]) listener(client);
        return client;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
  }
  return loading;
}

/**
 * The one Supabase client, once loaded (await loadSupabase() first). Every remote but the catalogue is
 * mounted by the shell only after it has loaded, so their code can call this directly.
 */
export function getSupabase(): ShopSupabaseClient {
  if (client) return client;
  requireSettings();
  throw new Error('The Supabase client is not loaded yet: await loadSupabase() first');
}

/** Calls back when the client exists (at once if it already does); returns an unsubscribe. */
export function whenSupabaseLoaded(listener: (client: ShopSupabaseClient) => void): () => void {
  if (client) {
    listener(client);
    return () => undefined;
  }
  loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}

/**
 * The light reader for the storefront's anonymous reads of the public catalogue (categories, products):
 * what the first paint needs, without loading supabase-js. RLS applies as for any anonymous visitor;
 * anything that depends on who is signed in goes through getSupabase().
 */
export function getCatalogueClient(): CatalogueClient {
  if (catalogue) return catalogue;
  const { url, anonKey } = requireSettings();
  catalogue = createCatalogueClient(url, anonKey);
  return catalogue;
}
