/**
 * `@prepper/shared/catalog-images`: the rules of catalogue image uploads (bucket, limits, paths, refusals)
 * and the removal of a product's or category's images. Only the back office uses them, so they are a
 * subpath entry it bundles itself, out of the singleton every storefront page downloads.
 */
export * from './domain/catalog-images';
export {
  deleteCategoryWithImages,
  deleteProductWithImages,
  removeCatalogImages,
  removeUnusedUploads,
} from './supabase/catalog-images';
