/**
 * @prepper/shared: the contract between the shell and the remotes. Shared as a Module Federation
 * singleton, so every part of a page sees the same stores and the same Supabase client.
 * Domain rules only some pages need are subpath entries each app bundles itself, so they stay out of the
 * singleton every page downloads: `@prepper/shared/orders` (orders, checkout, payment),
 * `@prepper/shared/reviews`, best-before dates (`@prepper/shared/lots`), and the back office's
 * `@prepper/shared/catalog-images` and administrator roles (`@prepper/shared/admin`).
 */
export * from './bus/cart';
export * from './bus/overlays';
export * from './bus/notifications';
export * from './bus/session';
export * from './bus/wishlist';
export * from './bus/store-info';
export * from './domain/store-info';
export * from './domain/pricing';
export * from './domain/slug';
export * from './domain/stock';
export * from './domain/product';
export * from './domain/pagination';
export * from './domain/wishlist';
export * from './apps';
export * from './runtime-config';
export * from './routes';
export {
  AUTH_STORAGE_KEY,
  getCatalogueClient,
  getSupabase,
  getSupabaseSettings,
  configureSupabase,
  isSupabaseConfigured,
  loadSupabase,
  whenSupabaseLoaded,
  type ShopSupabaseClient,
} from './supabase/client';
export {
  CatalogueError,
  type CatalogueClient,
  type CatalogueQuery,
  type CatalogueResult,
  type CatalogueTable,
} from './supabase/catalogue-client';
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types';
export {
  serverDataFor,
  useClientStore,
  usePageMeta,
  usePageRedirect,
  usePageStatus,
  useServerRender,
  ServerRenderContext,
  SERVER_DATA_ID,
  type PageMeta,
  type ServerData,
  type ServerRead,
  type ServerRender,
} from './ssr';
