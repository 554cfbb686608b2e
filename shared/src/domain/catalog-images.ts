// Images of the catalogue in the Storage bucket `catalog`: what the browser checks before an upload and
// where an upload goes. The limits are those of supabase/config.toml's [storage.buckets.catalog] (the
// server checks them again, by the file's content; storage-upload.test.ts keeps the two equal).

import { slugify } from './slug';

export const CATALOG_BUCKET = 'catalog';

/** 1 MiB. */
export const CATALOG_IMAGE_MAX_BYTES = 1024 * 1024;

export const CATALOG_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type CatalogImageType = (typeof CATALOG_IMAGE_TYPES)[number];

/** Whose images: the bucket's top folders, one sub-folder per product or category id. */
export type CatalogImageOwner = 'products' | 'categories';

export type ImageRefusal = 'svg' | 'type' | 'size' | 'empty' | 'permission' | 'failed';

const extensions: Record<CatalogImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The type the first bytes of a file show (PNG, JPEG, WebP signatures), or 'markup' for SVG/XML/HTML. */
export function imageTypeFromBytes(head: Uint8Array): CatalogImageType | 'markup' | undefined {
  const startsWith = (offset: number, signature: string) =>
    [...signature].every((char, i) => head[offset + i] === char.charCodeAt(0));
  if (startsWith(0, '\x89PNG\r\n\x1a\n')) return 'image/png';
  if (startsWith(0, '\xff\xd8\xff')) return 'image/jpeg';
  if (startsWith(0, 'RIFF') && startsWith(8, 'WEBP')) return 'image/webp';
  const text = String.fromCharCode(...head.subarray(0, 256))
    .replace(/^\xef\xbb\xbf/, '')
    .trimStart()
    .toLowerCase();
  return text.startsWith('<') ? 'markup' : undefined;
}

export interface ImageFileFacts {
  name: string;
  size: number;
  /** The browser's idea of the type (from the name). */
  type: string;
  /** The file's first bytes (16 are enough, more are fine). */
  head: Uint8Array;
}

/**
 * Whether the catalogue takes the file: SVG never (by name, declared type or content), otherwise a PNG,
 * JPEG or WebP by content and declared type, not empty, at most 1 MiB.
 */
export function checkImageFile(
  file: ImageFileFacts,
): { ok: true; type: CatalogImageType } | { ok: false; refusal: ImageRefusal } {
  const content = imageTypeFromBytes(file.head);
  const declared = file.type.toLowerCase();
  if (content === 'markup' || declared === 'image/svg+xml' || /\.svgz?$/i.test(file.name)) {
    return { ok: false, refusal: 'svg' };
  }
  if (file.size === 0) return { ok: false, refusal: 'empty' };
  if (!content || (declared !== '' && declared !== content)) return { ok: false, refusal: 'type' };
  if (file.size > CATALOG_IMAGE_MAX_BYTES) return { ok: false, refusal: 'size' };
  return { ok: true, type: content };
}

/**
 * The object name of a new upload: `<owner>/<id>/<time>-<name>.<ext>`, unique per upload and made of
 * characters Storage accepts in a key.
 */
export function catalogImagePath(
  owner: CatalogImageOwner,
  ownerId: string,
  fileName: string,
  type: CatalogImageType,
  now: number = Date.now(),
): string {
  const base = slugify(fileName.replace(/\.[^.]*$/, '')).slice(0, 60) || 'image';
  return `${owner}/${ownerId}/${now.toString(36)}-${base}.${extensions[type]}`;
}

/** Why Storage refused an upload, from its error's statusCode (413 too large, 415 type, 403 policy). */
export function uploadRefusal(error: {
  statusCode?: unknown;
  status?: unknown;
  message?: string;
}): ImageRefusal {
  const code = String(error.statusCode ?? error.status ?? '');
  if (code === '413') return 'size';
  if (code === '415') return /svg/i.test(error.message ?? '') ? 'svg' : 'type';
  if (code === '403' || /row-level security/i.test(error.message ?? '')) return 'permission';
  return 'failed';
}
