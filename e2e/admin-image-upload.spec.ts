// Image upload: an administrator uploads a PNG for a new product in the product
// form (progress, preview, the URL filled in), the storefront's product page shows it from the Storage
// bucket `catalog` (served as image/png with nosniff), refused files (SVG, over 1 MiB) get a message and
// are not uploaded, and deleting the product removes the uploaded image. Pictures the form uploaded and
// did not keep (replaced by another upload, or the form cancelled) are removed from Storage again.
import { deflateSync, crc32 } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, serviceClient, signInAsAdmin, test } from './fixtures.ts';

/** A real width×height PNG in one colour (what an administrator would pick from disk). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function productRow(name: string) {
  const { data, error } = await serviceClient().from('products').select('*').eq('name', name);
  if (error) throw error;
  return data[0] ?? null;
}

async function fillRequired(page: Page, name: string) {
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Description').fill('A lantern with an uploaded photo.');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Lighting' });
  await page.getByLabel('Price ($)', { exact: true }).fill('24.50');
}

test.describe('admin image upload', () => {
  const name = `E2E Uploaded Lantern ${Date.now()}`;
  const categoryName = `E2E Upload Category ${Date.now()}`;

  test.afterAll(async () => {
    await serviceClient().from('products').delete().eq('name', name);
    await serviceClient().from('categories').delete().eq('name', categoryName);
  });

  test('a refused file gets a message and is not uploaded', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/products/new');
    const upload = page.getByLabel('Or upload the main image');
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>';

    await upload.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
    await expect(page.getByRole('alert')).toHaveText(
      'SVG images are not accepted, because an SVG can carry script. Choose a PNG, JPEG or WebP image.',
    );
    // Renamed to .png it is still markup.
    await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(svg) });
    await expect(page.getByRole('alert')).toContainText('SVG images are not accepted');

    const big = Buffer.concat([png(8, 8, [200, 80, 0]), Buffer.alloc(1024 * 1024)]);
    await upload.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await expect(page.getByRole('alert')).toHaveText(
      'This image is larger than 1 MiB. Choose a smaller image (at most 1 MiB).',
    );
    await expect(page.getByLabel('Main Image URL')).toHaveValue('');
  });

  test('an uploaded PNG shows on the storefront and goes with the product', async ({ page }, testInfo) => {
    await signInAsAdmin(page);
    await page.goto('/admin/products/new');
    await fillRequired(page, name);

    // A first picture, replaced by another upload before saving, goes from Storage at once.
    await page.getByLabel('Or upload the main image').setInputFiles({
      name: 'First Try.png',
      mimeType: 'image/png',
      buffer: png(40, 40, [20, 20, 200]),
    });
    await expect(page.getByText('Uploaded First Try.png.')).toBeVisible();
    const replacedUrl = await page.getByLabel('Main Image URL').inputValue();
    expect((await page.request.get(replacedUrl)).status()).toBe(200);

    await page.getByLabel('Or upload the main image').setInputFiles({
      name: 'Lantern Photo.png',
      mimeType: 'image/png',
      buffer: png(160, 120, [234, 88, 12]),
    });
    await expect(page.getByText('Uploaded Lantern Photo.png.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview of Lantern Photo.png' })).toBeVisible();
    const imageUrl = await page.getByLabel('Main Image URL').inputValue();
    expect(imageUrl).toMatch(
      /\/storage\/v1\/object\/public\/catalog\/products\/[0-9a-f-]{36}\/[a-z0-9]+-lantern-photo\.png$/,
    );
    await expect(page.getByRole('img', { name: 'Main image preview' })).toHaveAttribute('src', imageUrl);
    await page.screenshot({ path: testInfo.outputPath('product-form-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByLabel('Or upload the main image').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('product-form-375.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    await expect.poll(async () => (await page.request.get(replacedUrl)).status()).toBe(404);

    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Product created successfully', { exact: true })).toBeVisible();
    const created = await productRow(name);
    expect(created.image_url).toBe(imageUrl);
    // The image is filed under the product's own id.
    expect(imageUrl).toContain(`/catalog/products/${created.id}/`);

    // Served as what it is, never sniffed into something that runs.
    const served = await page.request.get(imageUrl);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');

    // The storefront's product page shows it.
    await page.goto(`/product/${created.slug}`);
    const picture = page.getByRole('img', { name, exact: true });
    await expect(picture).toHaveAttribute('src', imageUrl);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(160);

    // Deleting the product removes the uploaded image.
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product deleted successfully', { exact: true })).toBeVisible();
    expect(await productRow(name)).toBeNull();
    await expect.poll(async () => (await page.request.get(imageUrl)).status()).toBe(404);
  });

  test('cancelling a form removes the pictures it uploaded, never the saved ones', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/products/new');
    await fillRequired(page, `${name} (cancelled)`);
    const stored = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/storage\/v1\/object\/catalog\//.test(response.url()),
    );
    await page.getByLabel('Upload an additional image').setInputFiles({
      name: 'gallery.png',
      mimeType: 'image/png',
      buffer: png(30, 30, [90, 90, 90]),
    });
    await expect(page.getByText('Uploaded gallery.png.')).toBeVisible();
    const uploadedUrl = (await stored).url().replace('/object/catalog/', '/object/public/catalog/');
    expect(uploadedUrl).toMatch(/\/catalog\/products\/[0-9a-f-]{36}\/[a-z0-9]+-gallery\.png$/);
    expect((await page.request.get(uploadedUrl)).status()).toBe(200);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect.poll(async () => (await page.request.get(uploadedUrl)).status()).toBe(404);
    expect(await productRow(`${name} (cancelled)`)).toBeNull();

    // Editing a category: an upload left with Back goes; the category's saved picture stays.
    const { data: category, error } = await serviceClient()
      .from('categories')
      .select('id, image_url')
      .eq('slug', 'lighting')
      .single();
    if (error) throw error;
    await page.goto(`/admin/categories/${category.id}/edit`);
    await page.getByLabel('Or upload an image').setInputFiles({
      name: 'new-look.png',
      mimeType: 'image/png',
      buffer: png(30, 30, [250, 200, 0]),
    });
    await expect(page.getByText('Uploaded new-look.png.')).toBeVisible();
    const draftUrl = await page.getByLabel('Image URL', { exact: true }).inputValue();
    expect(draftUrl).toContain(`/catalog/categories/${category.id}/`);
    await page.getByRole('link', { name: 'Back to Categories' }).click();
    await expect(page).toHaveURL(/\/admin\/categories$/);
    await expect.poll(async () => (await page.request.get(draftUrl)).status()).toBe(404);
    const { data: after } = await serviceClient()
      .from('categories')
      .select('image_url')
      .eq('id', category.id)
      .single();
    expect(after).toEqual({ image_url: category.image_url });
    expect((await page.request.get(category.image_url)).status()).toBe(200);
  });

  test('a new category gets its uploaded image under its own id, and loses it when deleted', async ({
    page,
  }, testInfo) => {
    await signInAsAdmin(page);
    await page.goto('/admin/categories/new');
    await page.getByLabel('Category Name', { exact: true }).fill(categoryName);
    await page.getByLabel('Description', { exact: true }).fill('Pictures uploaded from the form.');
    await page.getByLabel('Or upload an image').setInputFiles({
      name: 'shelf.webp.png',
      mimeType: 'image/png',
      buffer: png(120, 80, [22, 101, 52]),
    });
    await expect(page.getByText('Uploaded shelf.webp.png.')).toBeVisible();
    const imageUrl = await page.getByLabel('Image URL', { exact: true }).inputValue();
    const folder = /\/catalog\/categories\/([0-9a-f-]{36})\//.exec(imageUrl)?.[1];
    expect(folder).toBeDefined();
    await expect(page.getByRole('img', { name: 'Category image preview' })).toHaveAttribute('src', imageUrl);
    await page.screenshot({ path: testInfo.outputPath('category-form-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByLabel('Or upload an image').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('category-form-375.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Create Category' }).click();
    await expect(page.getByText('Category created successfully', { exact: true })).toBeVisible();
    const { data: created, error } = await serviceClient()
      .from('categories')
      .select('id, image_url')
      .eq('name', categoryName)
      .single();
    if (error) throw error;
    expect(created).toEqual({ id: folder, image_url: imageUrl });

    await page.goto(`/admin/categories?q=${encodeURIComponent(categoryName)}`);
    await page.getByRole('button', { name: `Delete ${categoryName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Category deleted successfully', { exact: true })).toBeVisible();
    await expect.poll(async () => (await page.request.get(imageUrl)).status()).toBe(404);
  });
});
