import { getSupabase, getSupabaseSettings } from '@prepper/shared';
import { CATALOG_BUCKET, removeUnusedUploads } from '@prepper/shared/catalog-images';
import { xhrFetch, type UploadProgress } from './xhr-fetch';

/**
 * Uploads an image to the Storage bucket `catalog` through supabase-js storage (`storage.from('catalog')
 * .upload`), as the signed-in administrator, reporting the bytes sent; the storage.objects policies decide.
 * A client of its own carries the session's token and an XMLHttpRequest fetch (fetch has no upload
 * progress). Answers the public URL; a refusal throws supabase-js's StorageApiError (statusCode 413, 415,
 * 403).
 */
export async function uploadCatalogImage(
  path: string,
  file: File,
  onProgress: UploadProgress,
): Promise<string> {
  const main = getSupabase();
  const { url, anonKey } = getSupabaseSettings();
  const { createClient } = await import('@supabase/supabase-js');
  const uploader = createClient(url, anonKey, {
    accessToken: async () => (await main.auth.getSession()).data.session?.access_token ?? null,
    global: { fetch: xhrFetch(onProgress) },
  });
  const { error } = await uploader.storage
    .from(CATALOG_BUCKET)
    .upload(path, file, { contentType: file.type, cacheControl: '3600', upsert: false });
  if (error) throw error;
  return main.storage.from(CATALOG_BUCKET).getPublicUrl(path).data.publicUrl;
}

/**
 * Removes uploads a form did not keep, through the signed-in administrator's client (the storage.objects
 * delete policy decides); pictures a saved product or category refers to are left alone.
 */
export function removeUnkeptImages(paths: readonly string[]): Promise<string[]> {
  return removeUnusedUploads(getSupabase(), paths);
}
