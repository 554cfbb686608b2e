// Managing categories: as the seeded super administrator, create a category with two
// subcategories, edit it (rename one, remove one, restore, add one), see it in the storefront navigation,
// and delete it together with its subcategories and products. Also the list's search and filter.
import type { Page } from '@playwright/test';
import { expect, serviceClient, signInAsAdmin, test } from './fixtures.ts';

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true });
}

async function categoryBySlug(slug: string) {
  const { data, error } = await serviceClient()
    .from('categories')
    .select('id, name, slug, description, image_url, subcategories(id, name, slug, description)')
    .eq('slug', slug);
  if (error) throw error;
  return data[0] ?? null;
}

/** The number on a summary card, found by the card's label. */
function statValue(page: Page, label: string) {
  return page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
}

function subcategoryCard(page: Page, position: number) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Subcategory ${position}` }) });
}

test.describe('admin categories', () => {
  const stamp = Date.now();
  const name = `E2E Bug Out Bags ${stamp}`;
  const slug = `e2e-bug-out-bags-${stamp}`;

  test.afterAll(async () => {
    await serviceClient().from('categories').delete().eq('slug', slug);
  });

  test('create, edit, show in the storefront navigation and delete a category', async ({ page }) => {
    const db = serviceClient();
    const { data: seeded } = await db
      .from('categories')
      .select('image_url')
      .eq('slug', 'survival-gear')
      .single();
    await signInAsAdmin(page);

    // Create with two subcategories.
    await page.goto('/admin/categories');
    await page.getByRole('link', { name: 'Add Category' }).click();
    await expect(page).toHaveURL(/\/admin\/categories\/new$/);
    await expect(page.getByText('No subcategories added yet.')).toBeVisible();
    await page.getByLabel('Category Name', { exact: true }).fill(name);
    await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(slug);
    await page.getByLabel('Description', { exact: true }).fill('Packed and ready to grab.');
    await page.getByLabel('Image URL').fill(seeded?.image_url as string);
    const seo = page.getByRole('region', { name: 'SEO Information' });
    await expect(seo.getByText(`/category/${slug}`)).toBeVisible();
    await expect(seo.getByText(name)).toBeVisible();
    await expect(seo.getByText('Packed and ready to grab.')).toBeVisible();

    await page.getByRole('button', { name: 'Add Subcategory' }).click();
    await subcategoryCard(page, 1).getByLabel('Name').fill('Family Kits');
    await expect(subcategoryCard(page, 1).getByLabel('Slug')).toHaveValue('family-kits');
    await page.getByRole('button', { name: 'Add Subcategory' }).click();
    await subcategoryCard(page, 2).getByLabel('Name').fill('Solo Packs');
    await subcategoryCard(page, 2).getByLabel('Description').fill('For one person, 72 hours.');
    await page.getByRole('button', { name: 'Create Category' }).click();
    await expect(toast(page, 'Category created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/categories$/);

    const created = await categoryBySlug(slug);
    expect(created).not.toBeNull();
    expect(created!.subcategories.map((sub: { slug: string }) => sub.slug).sort()).toEqual([
      'family-kits',
      'solo-packs',
    ]);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText(`/${slug}`)).toBeVisible();

    // Edit: rename one, remove one and restore it, remove it for good, add one; an unsaved one is dropped.
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Category' })).toBeVisible();
    await expect(page.getByLabel('Category Name', { exact: true })).toHaveValue(name);
    // Stored subcategories come ordered by name.
    await expect(subcategoryCard(page, 1).getByLabel('Name')).toHaveValue('Family Kits');
    await subcategoryCard(page, 1).getByLabel('Name').fill('Family Kits XL');
    await expect(subcategoryCard(page, 1).getByLabel('Slug')).toHaveValue('family-kits-xl');

    await page.getByRole('button', { name: 'Remove subcategory Solo Packs' }).click();
    await expect(page.getByText('This subcategory will be deleted')).toBeVisible();
    await page.getByRole('button', { name: 'Restore subcategory Solo Packs' }).click();
    await expect(page.getByText('This subcategory will be deleted')).toHaveCount(0);
    await expect(subcategoryCard(page, 2).getByLabel('Name')).toHaveValue('Solo Packs');
    await page.getByRole('button', { name: 'Remove subcategory Solo Packs' }).click();
    await expect(page.getByText('This subcategory will be deleted')).toBeVisible();

    await page.getByRole('button', { name: 'Add Subcategory' }).click();
    await subcategoryCard(page, 3).getByLabel('Name').fill('Throwaway');
    await page.getByRole('button', { name: 'Remove subcategory Throwaway' }).click();
    await expect(subcategoryCard(page, 3)).toHaveCount(0);
    await expect(page.getByText('This subcategory will be deleted')).toHaveCount(1);

    await page.getByRole('button', { name: 'Add Subcategory' }).click();
    await subcategoryCard(page, 3).getByLabel('Name').fill('Vehicle Kits');
    await page.getByRole('button', { name: 'Update Category' }).click();
    await expect(toast(page, 'Category updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/categories$/);

    const edited = await categoryBySlug(slug);
    const subs = edited!.subcategories as { id: string; name: string; slug: string }[];
    expect(subs.map((sub) => `${sub.name}|${sub.slug}`).sort()).toEqual([
      'Family Kits XL|family-kits-xl',
      'Vehicle Kits|vehicle-kits',
    ]);
    // The renamed one kept its id (updated, not re-created).
    const familyId = (created!.subcategories as { id: string; slug: string }[]).find(
      (s) => s.slug === 'family-kits',
    )!.id;
    expect(subs.find((sub) => sub.slug === 'family-kits-xl')!.id).toBe(familyId);

    // Storefront navigation shows the category and its subcategories.
    await page.goto('/');
    const nav = page.getByRole('list', { name: 'Product categories' }).first();
    const link = nav.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    await link.hover();
    await expect(nav.getByRole('link', { name: 'Family Kits XL' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Vehicle Kits' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Solo Packs' })).toHaveCount(0);

    // A product in the category, to see the delete cascade.
    const { data: product, error } = await db
      .from('products')
      .insert({
        name: `E2E Kit ${stamp}`,
        description: 'In the category being deleted',
        price: 10,
        category_id: edited!.id,
        subcategory_id: subs[0]!.id,
        image_url: seeded?.image_url as string,
      })
      .select('id')
      .single();
    if (error) throw error;

    // Delete with the warning; subcategories and products go too.
    await page.goto(`/admin/categories?q=${encodeURIComponent(name)}`);
    const listed = page.getByRole('row').filter({ hasText: name });
    await expect(listed.getByRole('cell').nth(2)).toHaveText('1');
    await listed.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText('This will also delete all subcategories and products in this category'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Category deleted successfully')).toBeVisible();
    await expect(page.getByText('No categories found')).toBeVisible();

    expect(await categoryBySlug(slug)).toBeNull();
    const { count: leftSubs } = await db
      .from('subcategories')
      .select('id', { count: 'exact', head: true })
      .eq('category_id', edited!.id);
    expect(leftSubs).toBe(0);
    const { data: leftProduct } = await db.from('products').select('id').eq('id', product.id);
    expect(leftProduct).toEqual([]);
  });

  test('category list: counts, search and the with-products / empty filter', async ({ page }) => {
    const db = serviceClient();
    const emptyName = `E2E Empty Shelf ${stamp}`;
    const { data: empty, error } = await db
      .from('categories')
      .insert({ name: emptyName, slug: `e2e-empty-shelf-${stamp}`, description: 'Nothing here yet' })
      .select('id')
      .single();
    if (error) throw error;
    try {
      await signInAsAdmin(page);
      await page.goto('/admin/categories');
      await expect(page.getByRole('heading', { name: 'Category Management' })).toBeVisible();
      const { count: total } = await db.from('categories').select('id', { count: 'exact', head: true });
      await expect(statValue(page, 'Total Categories')).toHaveText(String(total));

      const communication = page.getByRole('row').filter({ hasText: '/communication' });
      const { count: commProducts } = await db
        .from('products')
        .select('id', { count: 'exact', head: true })
        .eq('category_id', 'ae07a855-2f83-50c8-a3be-c3269811e8b0');
      await expect(communication.getByRole('cell').nth(2)).toHaveText(String(commProducts));

      const filter = page.getByLabel('Filter categories');
      await filter.selectOption({ label: 'Empty' });
      await expect(page).toHaveURL(/[?&]filter=empty/);
      await expect(page.getByRole('row').filter({ hasText: emptyName })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: '/communication' })).toHaveCount(0);

      await filter.selectOption({ label: 'With Products' });
      await expect(page.getByRole('row').filter({ hasText: '/communication' })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: emptyName })).toHaveCount(0);

      await filter.selectOption({ label: 'All Categories' });
      await page.getByLabel('Search categories').fill('empty shelf');
      await expect(page).toHaveURL(/[?&]q=empty/);
      await expect(page.getByRole('row')).toHaveCount(2);
      await expect(page.getByRole('row').filter({ hasText: emptyName })).toBeVisible();
      // One page only: no pagination.
      await expect(page.getByRole('navigation', { name: 'Category pages' })).toHaveCount(0);
    } finally {
      await db.from('categories').delete().eq('id', empty.id);
    }
  });
});
