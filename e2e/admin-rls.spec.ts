// The database, not the UI, guards the catalogue: an administrator without the products/categories permission
// and a deactivated administrator cannot change the catalogue, even by calling the API directly with their
// own session. Row-level security decides; the super administrator's successful change is the control.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, NODE_CLIENT_OPTIONS, serviceClient, stackInfo, test } from './fixtures.ts';

const PRODUCT = '72feb2b6-4c9e-5a47-8f8a-74808c568663';
const CATEGORY = 'ae07a855-2f83-50c8-a3be-c3269811e8b0';
const SUBCATEGORY = '58103a68-fcaf-5818-91bc-e86d0a2a9527';

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const { url, anonKey } = stackInfo();
  const client = createClient(url, anonKey, NODE_CLIENT_OPTIONS);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

async function snapshot() {
  const db = serviceClient();
  const [product, category, subcategory, products, categories, subcategories] = await Promise.all([
    db.from('products').select('*').eq('id', PRODUCT).single(),
    db.from('categories').select('*').eq('id', CATEGORY).single(),
    db.from('subcategories').select('*').eq('id', SUBCATEGORY).single(),
    db.from('products').select('id', { count: 'exact', head: true }),
    db.from('categories').select('id', { count: 'exact', head: true }),
    db.from('subcategories').select('id', { count: 'exact', head: true }),
  ]);
  return {
    product: product.data,
    category: category.data,
    subcategory: subcategory.data,
    counts: [products.count, categories.count, subcategories.count],
  };
}

const accounts = [
  {
    who: 'an administrator with only the orders permission',
    email: 'orders.admin@example.com',
    password: 'orders1234',
  },
  { who: 'a deactivated administrator', email: 'inactive.admin@example.com', password: 'inactive1234' },
];

for (const account of accounts) {
  test(`${account.who} cannot change products or categories through the API`, async () => {
    const before = await snapshot();
    const client = await signedIn(account.email, account.password);

    const insertProduct = await client
      .from('products')
      .insert({
        name: 'Sneaky',
        description: 'x',
        price: 1,
        category_id: CATEGORY,
        image_url: 'https://x.test/a.png',
      })
      .select();
    expect(insertProduct.error).not.toBeNull();

    const updateProduct = await client
      .from('products')
      .update({ price: 0.01, in_stock: false })
      .eq('id', PRODUCT)
      .select();
    expect(updateProduct.data ?? []).toEqual([]);

    const deleteProduct = await client.from('products').delete().eq('id', PRODUCT).select();
    expect(deleteProduct.data ?? []).toEqual([]);

    const insertCategory = await client
      .from('categories')
      .insert({ name: 'Sneaky', slug: 'sneaky' })
      .select();
    expect(insertCategory.error).not.toBeNull();

    const updateCategory = await client
      .from('categories')
      .update({ name: 'Hijacked' })
      .eq('id', CATEGORY)
      .select();
    expect(updateCategory.data ?? []).toEqual([]);

    const deleteCategory = await client.from('categories').delete().eq('id', CATEGORY).select();
    expect(deleteCategory.data ?? []).toEqual([]);

    const insertSub = await client
      .from('subcategories')
      .insert({ category_id: CATEGORY, name: 'Sneaky', slug: 'sneaky' })
      .select();
    expect(insertSub.error).not.toBeNull();

    const updateSub = await client
      .from('subcategories')
      .update({ name: 'Hijacked' })
      .eq('id', SUBCATEGORY)
      .select();
    expect(updateSub.data ?? []).toEqual([]);

    const deleteSub = await client.from('subcategories').delete().eq('id', SUBCATEGORY).select();
    expect(deleteSub.data ?? []).toEqual([]);

    const saveCategory = await client.rpc('admin_save_category', {
      p_id: CATEGORY,
      p_name: 'Hijacked',
      p_slug: 'communication',
      p_description: 'x',
      p_image_url: null,
      p_subcategories: [{ id: SUBCATEGORY, name: 'x', slug: 'x', description: '', _delete: true }],
    });
    expect(saveCategory.error).not.toBeNull();

    const createCategory = await client.rpc('admin_save_category', {
      p_id: null,
      p_name: 'Sneaky',
      p_slug: 'sneaky',
      p_description: 'x',
      p_image_url: null,
      p_subcategories: [],
    });
    expect(createCategory.error).not.toBeNull();

    expect(await snapshot()).toEqual(before);
  });
}

test('the super administrator can change the catalogue through the same API (control)', async () => {
  const client = await signedIn('admin@example.com', 'admin1234');
  const before = await snapshot();
  const updated = await client
    .from('products')
    .update({ stock_count: 13 })
    .eq('id', PRODUCT)
    .select('stock_count');
  expect(updated.error).toBeNull();
  expect(updated.data).toEqual([{ stock_count: 13 }]);
  const restored = await client
    .from('products')
    .update({ stock_count: before.product.stock_count })
    .eq('id', PRODUCT)
    .select('stock_count');
  expect(restored.data).toEqual([{ stock_count: before.product.stock_count }]);
});
