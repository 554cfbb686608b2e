// Removing the Storage images uploaded for products or categories (the objects under <owner>/<id>/ in the
// bucket `catalog`). The back office's deletes call it right after the row is gone, through the caller's
// own client, so the storage.objects policies decide as for any other write.
import type { SupabaseClient } from '@supabase/supabase-js';
import { CATALOG_BUCKET, type CatalogImageOwner } from '../domain/catalog-images';
import { readByIds } from './by-ids';

type StorageOf = Pick<SupabaseClient, 'storage'>;

const pageSize = 1000;

/** Every entry of one folder level (sub-folders have id null), page by page. */
async function listAll(client: StorageOf, folder: string): Promise<{ name: string; id: string | null }[]> {
  const entries: { name: string; id: string | null }[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const { data, error } = await client.storage
      .from(CATALOG_BUCKET)
      .list(folder, { limit: pageSize, offset, sortBy: { column: 'name', order: 'asc' } });
    if (error) throw error;
    entries.push(...data);
    if (data.length < pageSize) return entries;
  }
}

/** The ids that have a folder of uploads under `owner/`. */
async function ownersWithImages(client: StorageOf, owner: CatalogImageOwner): Promise<string[]> {
  return (await listAll(client, owner)).filter((entry) => entry.id === null).map((entry) => entry.name);
}

async function removeFolders(
  client: StorageOf,
  owner: CatalogImageOwner,
  ids: Iterable<string>,
): Promise<string[]> {
  const removed: string[] = [];
  for (const id of ids) {
    const files = (await listAll(client, `${owner}/${id}`)).filter((entry) => entry.id !== null);
    if (files.length === 0) continue;
    const { data, error } = await client.storage
      .from(CATALOG_BUCKET)
      .remove(files.map((file) => `${owner}/${id}/${file.name}`));
    if (error) throw error;
    removed.push(...data.map((row) => row.name));
  }
  return removed;
}

/**
 * Removes the uploaded images of the given products or categories. Only the owners that have a folder
 * cost more requests (the folder list of `owner/` comes first). Answers the object names removed.
 */
export async function removeCatalogImages(
  client: StorageOf,
  owner: CatalogImageOwner,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const existing = new Set(await ownersWithImages(client, owner));
  return removeFolders(
    client,
    owner,
    ids.filter((id) => existing.has(id)),
  );
}

type Client = Pick<SupabaseClient, 'storage' | 'from'>;

/** Deletes a product (RLS: the products permission), then its uploaded images. */
export async function deleteProductWithImages(client: Client, id: string): Promise<void> {
  const { data, error } = await client.from('products').delete().eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('The product was not deleted (not found or not allowed)');
  await removeCatalogImages(client, 'products', [id]);
}

/**
 * Deletes a category (RLS: the categories permission); its subcategories and products go with it (on
 * delete cascade), so the images of the category and of those of its products that have uploads are
 * removed after it (the products are looked up among the folders, not all of the category's products).
 */
export async function deleteCategoryWithImages(client: Client, id: string): Promise<void> {
  const folders = await ownersWithImages(client, 'products');
  const inCategory = await readByIds(folders, (chunk) =>
    client.from('products').select('id').eq('category_id', id).in('id', chunk),
  );
  const products = new Set(inCategory.map((row) => row.id));
  const { data, error } = await client.from('categories').delete().eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('The category was not deleted (not found or not allowed)');
  await removeCatalogImages(client, 'categories', [id]);
  await removeFolders(client, 'products', products);
}

/**
 * Removes images a back-office form uploaded and did not keep (cancelled, left, or replaced by another
 * upload before saving). Best effort for the form, but never a picture a saved product (main image or
 * gallery) or category refers to: those are looked up first and left alone. Answers the names removed.
 */
export async function removeUnusedUploads(client: Client, paths: readonly string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const bucket = client.storage.from(CATALOG_BUCKET);
  const urls = new Map(paths.map((path) => [bucket.getPublicUrl(path).data.publicUrl, path]));
  const wanted = [...urls.keys()];
  const [mains, galleries, categories] = await Promise.all([
    client.from('products').select('image_url').in('image_url', wanted),
    client.from('products').select('images').overlaps('images', wanted),
    client.from('categories').select('image_url').in('image_url', wanted),
  ]);
  const failed = mains.error ?? galleries.error ?? categories.error;
  if (failed) throw failed;
  const used = new Set<string>([
    ...(mains.data as { image_url: string }[]).map((row) => row.image_url),
    ...(galleries.data as { images: string[] }[]).flatMap((row) => row.images),
    ...(categories.data as { image_url: string }[]).map((row) => row.image_url),
  ]);
  const unused = wanted.filter((url) => !used.has(url)).map((url) => urls.get(url)!);
  if (unused.length === 0) return [];
  const { data, error } = await bucket.remove(unused);
  if (error) throw error;
  return data.map((row) => row.name);
}
