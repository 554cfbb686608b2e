import type { ShopSupabaseClient } from '@prepper/shared';

/** Supabase auth types, derived from the one shared client (the app never imports supabase-js itself). */
type Auth = ShopSupabaseClient['auth'];
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['getSession']>>['data']['session']>;
export type AuthUser = AuthSession['user'];
export type AuthChangeEvent = Parameters<Parameters<Auth['onAuthStateChange']>[0]>[0];
