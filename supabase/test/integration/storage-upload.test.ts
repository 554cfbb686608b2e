// Storage uploads to the `catalog` bucket through supabase-js, decided by the policies of migration
// 20250101001600 on storage.objects: refused for anon, customers, administrators without the permission,
// files over 1 MiB and SVG (declared, or disguised as PNG); allowed for an administrator with `products`
// (under products/) or `categories` (under categories/); public reads; deletes by the permitted only.
// A form's unkept uploads are removed by the administrator who may, never a picture a saved row names.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_IMAGE_MAX_BYTES, CATALOG_IMAGE_TYPES } from '../../../shared/src/domain/catalog-images.ts';
import {
  deleteCategoryWithImages,
  deleteProductWithImages,
  removeCatalogImages,
  removeUnusedUploads,
} from '../../../shared/src/supabase/catalog-images.ts';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let anon: SupabaseClient;
let customer: SupabaseClient;
let ordersAdmin: SupabaseClient;
let inactiveAdmin: SupabaseClient;
let productsAdmin: SupabaseClient;
let categoriesAdmin: SupabaseClient;
let superAdmin: SupabaseClient;
let serial = 0;

/** A valid PNG (1×1, transparent), padded with a trailing chunk-free tail to `size` bytes when asked. */
function png(size = 0): Uint8Array {
  const base = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const out = new Uint8Array(Math.max(size, base.length));
  out.set(base);
  return out;
}

const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

function name(folder = 'products'): string {
  serial += 1;
  return `${folder}/00000000-0000-4000-8000-0000000000${String(serial).padStart(2, '0')}/image-${serial}.png`;
}

async function count(path: string): Promise<number> {
  const rows = await stack.db.query<{ n: number }>(
    `select count(*)::int as n from storage.objects where bucket_id = 'catalog' and name = $1`,
    [path],
  );
  return rows.rows[0]!.n;
}

function fileOnDisk(path: string): string {
  return join(stack.dataDir, 'storage', 'catalog', ...path.split('/'));
}

async function uploadTo(client: SupabaseClient, path: string): Promise<string> {
  const { error } = await client.storage
    .from('catalog')
    .upload(path, new Blob([png()], { type: 'image/png' }));
  expect(error).toBeNull();
  return path;
}

async function gone(path: string): Promise<boolean> {
  const read = await fetch(anon.storage.from('catalog').getPublicUrl(path).data.publicUrl);
  await read.arrayBuffer();
  return (await count(path)) === 0 && !existsSync(fileOnDisk(path)) && read.status === 404;
}

async function admin(email: string, permissions: string[]): Promise<SupabaseClient> {
  const created = await superAdmin.rpc('admin_create_administrator', {
    p_email: email,
    p_password: 'storage1234',
    p_first_name: 'Store',
    p_last_name: 'Keeper',
    p_role: 'admin',
    p_permissions: permissions,
    p_active: 1,
  });
  if (created.error) throw new Error(created.error.message);
  return stack.signedInClient(email, 'storage1234');
}

beforeAll(async () => {
  stack = await startTestStack();
  anon = stack.anonClient();
  customer = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
  ordersAdmin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
  inactiveAdmin = await stack.signedInClient(accounts.inactiveAdmin.email, accounts.inactiveAdmin.password);
  superAdmin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  productsAdmin = await admin('products.storage@example.com', ['products']);
  categoriesAdmin = await admin('categories.storage@example.com', ['categories']);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('uploads to the catalog bucket', () => {
  it('the bucket carries config.toml limits: public, 1 MiB, PNG/JPEG/WebP only', async () => {
    const rows = await stack.db.query<{
      public: boolean;
      file_size_limit: string;
      allowed_mime_types: string[];
    }>(`select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'catalog'`);
    expect(rows.rows[0]).toEqual({
      public: true,
      file_size_limit: expect.anything(),
      allowed_mime_types: ['image/png', 'image/jpeg', 'image/webp'],
    });
    expect(Number(rows.rows[0]!.file_size_limit)).toBe(1024 * 1024);
    // The browser's checks (@prepper/shared) use the same limits.
    expect(CATALOG_IMAGE_MAX_BYTES).toBe(Number(rows.rows[0]!.file_size_limit));
    expect([...CATALOG_IMAGE_TYPES]).toEqual(rows.rows[0]!.allowed_mime_types);
  });

  it('an administrator with products uploads a PNG; anyone reads it at its public URL', async () => {
    const path = name();
    const { data, error } = await productsAdmin.storage
      .from('catalog')
      .upload(path, new Blob([png()], { type: 'image/png' }));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `catalog/${path}` });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await count(path)).toBe(1);
    expect(existsSync(fileOnDisk(path))).toBe(true);

    const publicUrl = anon.storage.from('catalog').getPublicUrl(path).data.publicUrl;
    expect(publicUrl).toBe(`${stack.url}/storage/v1/object/public/catalog/${path}`);
    const read = await fetch(publicUrl);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect(read.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(png());

    // A raw ArrayBuffer body with its content type works too (supabase-js sends it unwrapped).
    const raw = name();
    const second = await productsAdmin.storage
      .from('catalog')
      .upload(raw, png().buffer as ArrayBuffer, { contentType: 'image/png' });
    expect(second.error).toBeNull();
    expect(await count(raw)).toBe(1);
  });

  it('a second upload to the same name is a duplicate unless upsert is asked for', async () => {
    const path = name();
    const bucket = productsAdmin.storage.from('catalog');
    expect((await bucket.upload(path, new Blob([png()], { type: 'image/png' }))).error).toBeNull();
    const again = await bucket.upload(path, new Blob([png()], { type: 'image/png' }));
    expect(again.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    });
    const upsert = await bucket.upload(path, new Blob([png(2000)], { type: 'image/png' }), { upsert: true });
    expect(upsert.error).toBeNull();
    expect((await (await fetch(bucket.getPublicUrl(path).data.publicUrl)).arrayBuffer()).byteLength).toBe(
      2000,
    );
  });

  it('refuses anon, customers, inactive administrators and administrators without the permission', async () => {
    for (const [who, client] of [
      ['anon', anon],
      ['customer', customer],
      ['inactive admin', inactiveAdmin],
      ['orders admin', ordersAdmin],
    ] as const) {
      const path = name();
      const { data, error } = await client.storage
        .from('catalog')
        .upload(path, new Blob([png()], { type: 'image/png' }));
      expect(data, who).toBeNull();
      expect(error, who).toMatchObject({
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      expect(await count(path), who).toBe(0);
      expect(existsSync(fileOnDisk(path)), who).toBe(false);
    }
  });

  it('each permission writes only its own folder; super administrators both; nobody the bucket root', async () => {
    const blob = () => new Blob([png()], { type: 'image/png' });
    expect(
      (await productsAdmin.storage.from('catalog').upload(name('categories'), blob())).error?.message,
    ).toBe('new row violates row-level security policy');
    expect(
      (await categoriesAdmin.storage.from('catalog').upload(name('products'), blob())).error?.message,
    ).toBe('new row violates row-level security policy');
    expect(
      (await categoriesAdmin.storage.from('catalog').upload(name('categories'), blob())).error,
    ).toBeNull();
    expect((await superAdmin.storage.from('catalog').upload(name('products'), blob())).error).toBeNull();
    expect((await superAdmin.storage.from('catalog').upload(name('categories'), blob())).error).toBeNull();
    const root = await superAdmin.storage.from('catalog').upload(`root-${serial}.png`, blob());
    expect(root.error?.message).toBe('new row violates row-level security policy');
  });

  it('refuses files over 1 MiB with 413, before anything is stored', async () => {
    const path = name();
    const { error } = await productsAdmin.storage
      .from('catalog')
      .upload(path, new Blob([png(1024 * 1024 + 1)], { type: 'image/png' }));
    expect(error).toMatchObject({
      status: 413,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    expect(await count(path)).toBe(0);
    // Exactly 1 MiB is allowed.
    const limit = await productsAdmin.storage
      .from('catalog')
      .upload(name(), new Blob([png(1024 * 1024)], { type: 'image/png' }));
    expect(limit.error).toBeNull();
  });

  it('refuses SVG, declared or disguised as PNG, and files whose bytes are no image', async () => {
    const declared = name().replace(/png$/, 'svg');
    const svgUpload = await productsAdmin.storage
      .from('catalog')
      .upload(declared, new Blob([svg], { type: 'image/svg+xml' }));
    expect(svgUpload.error).toMatchObject({
      status: 415,
      statusCode: '415',
      message: 'mime type image/svg+xml is not supported',
    });
    expect(await count(declared)).toBe(0);

    const disguised = name();
    const asPng = await productsAdmin.storage
      .from('catalog')
      .upload(disguised, new Blob([svg], { type: 'image/png' }));
    expect(asPng.error).toMatchObject({ status: 415, message: 'mime type image/svg+xml is not supported' });
    expect(await count(disguised)).toBe(0);
    expect(existsSync(fileOnDisk(disguised))).toBe(false);

    const raw = await productsAdmin.storage
      .from('catalog')
      .upload(name(), new TextEncoder().encode(' \n<svg onload="alert(1)"/>').buffer as ArrayBuffer, {
        contentType: 'image/jpeg',
      });
    expect(raw.error).toMatchObject({ status: 415, message: 'mime type image/svg+xml is not supported' });

    const text = await productsAdmin.storage
      .from('catalog')
      .upload(name(), new Blob(['just text'], { type: 'image/webp' }));
    expect(text.error).toMatchObject({ status: 415, message: "the file's content is not image/webp" });

    const gif = await productsAdmin.storage
      .from('catalog')
      .upload(name(), new Blob(['GIF89a....'], { type: 'image/gif' }));
    expect(gif.error).toMatchObject({ status: 415, message: 'mime type image/gif is not supported' });
  });

  it('refuses names that could leave the bucket folder', async () => {
    const { error } = await productsAdmin.storage
      .from('catalog')
      .upload('products/../../escape.png', new Blob([png()], { type: 'image/png' }));
    expect(error).not.toBeNull();
    // Encoded slashes reach the stack unchanged: the decoded name is refused as an invalid key.
    const token = (await productsAdmin.auth.getSession()).data.session!.access_token;
    const encoded = await fetch(`${stack.url}/storage/v1/object/catalog/products/..%2F..%2Fescape.png`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: png(),
    });
    expect(encoded.status).toBe(400);
    expect(await encoded.json()).toEqual({
      statusCode: '400',
      error: 'InvalidKey',
      message: 'Invalid key: products/../../escape.png',
    });
    expect(existsSync(join(stack.dataDir, 'escape.png'))).toBe(false);
    expect(existsSync(join(stack.dataDir, 'storage', 'escape.png'))).toBe(false);
  });
});

describe('deletes from the catalog bucket', () => {
  it('others get nothing deleted; a permitted administrator deletes and the file is gone', async () => {
    const path = name();
    const bucket = productsAdmin.storage.from('catalog');
    expect((await bucket.upload(path, new Blob([png()], { type: 'image/png' }))).error).toBeNull();
    const url = bucket.getPublicUrl(path).data.publicUrl;

    for (const client of [anon, customer, ordersAdmin, inactiveAdmin, categoriesAdmin]) {
      const { data, error } = await client.storage.from('catalog').remove([path]);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect(await count(path)).toBe(1);
    expect((await fetch(url)).status).toBe(200);

    const removed = await bucket.remove([path, 'products/never-uploaded.png']);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name)).toEqual([path]);
    expect(await count(path)).toBe(0);
    expect(existsSync(fileOnDisk(path))).toBe(false);
    expect((await fetch(url)).status).toBe(404);
  });

  it('the shipped seed images cannot be deleted through the API', async () => {
    const { data } = await superAdmin.storage.from('catalog').remove(['weather-radio.svg']);
    expect(data).toEqual([]);
    expect(
      (await fetch(superAdmin.storage.from('catalog').getPublicUrl('weather-radio.svg').data.publicUrl))
        .status,
    ).toBe(200);
  });
});

describe('deleting a product or category removes the images uploaded for it', () => {
  const categoryId = '00000000-0000-4000-8000-00000000c001';
  const otherCategoryId = '00000000-0000-4000-8000-00000000c002';
  const productA = '00000000-0000-4000-8000-00000000a001';
  const productB = '00000000-0000-4000-8000-00000000a002';
  const productInCategory = '00000000-0000-4000-8000-00000000a003';

  function product(id: string, category: string) {
    return {
      id,
      name: `Image owner ${id.slice(-4)}`,
      price: 10,
      description: 'Has uploaded images',
      category_id: category,
      image_url: `${stack.url}/storage/v1/object/public/catalog/products/${id}/main.png`,
    };
  }

  beforeAll(async () => {
    for (const [id, name] of [
      [categoryId, 'Image Category'],
      [otherCategoryId, 'Other Image Category'],
    ] as const) {
      const created = await superAdmin.rpc('admin_create_category', {
        p_id: id,
        p_name: name,
        p_slug: '',
        p_description: 'For image tests',
        p_image_url: `${stack.url}/storage/v1/object/public/catalog/categories/${id}/a.png`,
        p_subcategories: [{ name: 'Sub', slug: 'sub', description: '' }],
      });
      expect(created.error).toBeNull();
    }
    const inserted = await productsAdmin
      .from('products')
      .insert([
        product(productA, otherCategoryId),
        product(productB, otherCategoryId),
        product(productInCategory, categoryId),
      ]);
    expect(inserted.error).toBeNull();
  });

  it('admin_create_category files the new category under the given id', async () => {
    const rows = await stack.db.query<{ id: string; n: number }>(
      `select c.id, (select count(*)::int from public.subcategories s where s.category_id = c.id) as n
       from public.categories c where c.id = $1`,
      [categoryId],
    );
    expect(rows.rows).toEqual([{ id: categoryId, n: 1 }]);
  });

  it('lists one folder level: sub-folders with id null, files with their rows', async () => {
    const a = await uploadTo(productsAdmin, `products/${productA}/list-1.png`);
    const listed = await productsAdmin.storage.from('catalog').list(`products/${productA}`);
    expect(listed.error).toBeNull();
    expect(listed.data?.find((entry) => entry.name === 'list-1.png')?.id).toMatch(/^[0-9a-f-]{36}$/);
    const folders = await categoriesAdmin.storage.from('catalog').list('products', { limit: 1000 });
    expect(folders.data?.find((entry) => entry.name === productA)).toMatchObject({ id: null });
    const searched = await productsAdmin.storage
      .from('catalog')
      .list(`products/${productA}`, { search: 'nothing-like-this' });
    expect(searched.data).toEqual([]);
    expect((await removeCatalogImages(productsAdmin, 'products', [productA])).sort()).toContain(a);
  });

  // Migration 20261126121451: listing needs products or categories; the public URL still serves anyone.
  it('only catalogue administrators list the bucket; everyone else sees no folder, and the picture stays public', async () => {
    const path = await uploadTo(productsAdmin, `products/${productB}/unsaved-listing.png`);
    for (const [who, caller] of [
      ['anon', anon],
      ['customer', customer],
      ['orders admin', ordersAdmin],
      ['inactive admin', inactiveAdmin],
    ] as const) {
      for (const folder of ['', 'products', `products/${productB}`]) {
        const { data, error } = await caller.storage.from('catalog').list(folder, { limit: 1000 });
        expect(error, `${who} ${folder}`).toBeNull();
        expect(data, `${who} ${folder}`).toEqual([]);
      }
    }
    const admin = await superAdmin.storage.from('catalog').list(`products/${productB}`);
    expect(admin.data?.map((entry) => entry.name)).toContain('unsaved-listing.png');
    const response = await fetch(`${stack.url}/storage/v1/object/public/catalog/${path}`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  it('a product delete removes its images and leaves those of other products', async () => {
    const own = [
      await uploadTo(productsAdmin, `products/${productA}/main.png`),
      await uploadTo(productsAdmin, `products/${productA}/second.png`),
    ];
    const other = await uploadTo(productsAdmin, `products/${productB}/main.png`);

    // Without the permission nothing goes: neither the row nor the images.
    await expect(deleteProductWithImages(customer, productA)).rejects.toThrow(/not deleted/);
    for (const path of own) expect(await gone(path)).toBe(false);

    await deleteProductWithImages(productsAdmin, productA);
    expect((await stack.db.query(`select 1 from public.products where id = $1`, [productA])).rows).toEqual(
      [],
    );
    for (const path of own) expect(await gone(path)).toBe(true);
    expect(await gone(other)).toBe(false);
  });

  it("a category delete removes its images and those of its products (cascade), not other categories'", async () => {
    const own = await uploadTo(superAdmin, `categories/${categoryId}/a.png`);
    const ofProduct = await uploadTo(productsAdmin, `products/${productInCategory}/main.png`);
    const otherCategory = await uploadTo(superAdmin, `categories/${otherCategoryId}/a.png`);
    const otherProduct = await uploadTo(productsAdmin, `products/${productB}/extra.png`);

    await expect(deleteCategoryWithImages(productsAdmin, categoryId)).rejects.toThrow(/not deleted/);
    expect(await gone(own)).toBe(false);

    await deleteCategoryWithImages(superAdmin, categoryId);
    expect(
      (await stack.db.query(`select 1 from public.products where id = $1`, [productInCategory])).rows,
    ).toEqual([]);
    expect(await gone(own)).toBe(true);
    expect(await gone(ofProduct)).toBe(true);
    expect(await gone(otherCategory)).toBe(false);
    expect(await gone(otherProduct)).toBe(false);
  });
});

describe("a form's unkept uploads are removed, never a picture a saved product or category names", () => {
  const categoryId = '00000000-0000-4000-8000-00000000c003';
  const productId = '00000000-0000-4000-8000-00000000a004';
  const url = (path: string) => anon.storage.from('catalog').getPublicUrl(path).data.publicUrl;
  const paths = {
    main: `products/${productId}/saved-main.png`,
    gallery: `products/${productId}/saved-gallery.png`,
    category: `categories/${categoryId}/saved.png`,
    productDraft: `products/${productId}/draft.png`,
    categoryDraft: `categories/${categoryId}/draft.png`,
  };

  beforeAll(async () => {
    await uploadTo(productsAdmin, paths.main);
    await uploadTo(productsAdmin, paths.gallery);
    await uploadTo(productsAdmin, paths.productDraft);
    await uploadTo(categoriesAdmin, paths.category);
    await uploadTo(categoriesAdmin, paths.categoryDraft);
    const created = await superAdmin.rpc('admin_create_category', {
      p_id: categoryId,
      p_name: 'Unkept Uploads Category',
      p_slug: '',
      p_description: 'For the unkept uploads test',
      p_image_url: url(paths.category),
      p_subcategories: [],
    });
    expect(created.error).toBeNull();
    const inserted = await productsAdmin.from('products').insert({
      id: productId,
      name: 'Unkept uploads product',
      price: 10,
      description: 'Names two uploaded pictures',
      category_id: categoryId,
      image_url: url(paths.main),
      images: [url(paths.gallery)],
    });
    expect(inserted.error).toBeNull();
  });

  it('others remove nothing; the permitted administrator removes only the unnamed uploads', async () => {
    const all = Object.values(paths);
    for (const client of [anon, customer, ordersAdmin, inactiveAdmin]) {
      expect(await removeUnusedUploads(client, all)).toEqual([]);
    }
    for (const path of all) expect(await gone(path)).toBe(false);

    // The products administrator: the unnamed product upload goes; the category's draft is not theirs.
    expect(await removeUnusedUploads(productsAdmin, all)).toEqual([paths.productDraft]);
    expect(await gone(paths.productDraft)).toBe(true);
    expect(await gone(paths.categoryDraft)).toBe(false);

    // Even the super administrator leaves the pictures the saved rows name (main, gallery, category).
    expect(await removeUnusedUploads(superAdmin, all)).toEqual([paths.categoryDraft]);
    for (const path of [paths.main, paths.gallery, paths.category]) expect(await gone(path)).toBe(false);
    expect(await gone(paths.categoryDraft)).toBe(true);
    expect(await removeUnusedUploads(superAdmin, [])).toEqual([]);
  });
});
