// Persistence: data written through the API survives stopping the stack and starting it again on the
// same data directory, and the seed is not applied a second time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts, dataChecksum, rowCounts, seeded } from './fixtures.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'prepper-persist-'));
let stack: TestStack | undefined;

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('persistence across restarts', () => {
  it('keeps products, administrators, accounts and edits after stop and start', async () => {
    stack = await startTestStack({ dataDir });
    const admin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);

    const { data: category } = await admin
      .from('categories')
      .select('id')
      .eq('slug', 'water-filtration')
      .single();
    const created = await admin
      .from('products')
      .insert({
        name: 'Persistent Canteen',
        description: 'Survives restarts.',
        category_id: (category as { id: string }).id,
        price: 17.25,
        image_url: `${stack.url}/storage/v1/object/public/catalog/water-container.svg`,
        tags: ['canteen'],
      })
      .select('id, slug')
      .single();
    expect(created.error).toBeNull();
    const productId = (created.data as { id: string }).id;

    const updated = await admin
      .from('categories')
      .update({ description: 'Edited before restart' })
      .eq('slug', 'lighting');
    expect(updated.error).toBeNull();

    const newAdmin = await admin.rpc('admin_create_administrator', {
      p_email: 'persist.admin@example.com',
      p_password: 'persist123',
      p_first_name: 'Per',
      p_last_name: 'Sist',
    });
    expect(newAdmin.error).toBeNull();

    const signup = await stack.anonClient().auth.signUp({
      email: 'new.customer@example.com',
      password: 'newcustomer1',
      options: { data: { first_name: 'New', last_name: 'Customer' } },
    });
    expect(signup.error).toBeNull();
    // Sign-up confirms the address (config.toml): the account signs in once the e-mailed link is followed.
    const mails = (await (
      await fetch(`${stack.url}/mailbox/messages?to=new.customer%40example.com`, {
        headers: { apikey: stack.serviceRoleKey },
      })
    ).json()) as { links: string[] }[];
    expect((await fetch(mails[0]?.links[0] ?? '', { redirect: 'manual' })).status).toBe(303);

    const countsBefore = await rowCounts(stack);
    const checksumBefore = await dataChecksum(stack);
    expect(countsBefore.products).toBe(seeded.products + 1);
    await stack.stop();
    stack = undefined;

    stack = await startTestStack({ dataDir });
    expect(await rowCounts(stack)).toEqual(countsBefore);
    expect(await dataChecksum(stack)).toBe(checksumBefore);

    const anon = stack.anonClient();
    const product = await anon.from('products').select('name, price, slug').eq('id', productId).single();
    expect(product.data).toEqual({
      name: 'Persistent Canteen',
      price: 17.25,
      slug: `persistent-canteen-${productId}`,
    });
    const lighting = await anon.from('categories').select('description').eq('slug', 'lighting').single();
    expect(lighting.data).toEqual({ description: 'Edited before restart' });

    const persisted = await stack.signedInClient('persist.admin@example.com', 'persist123');
    expect((await persisted.rpc('is_active_admin')).data).toBe(true);
    const customer = await stack.signedInClient('new.customer@example.com', 'newcustomer1');
    expect((await customer.auth.getUser()).data.user?.user_metadata.first_name).toBe('New');
  });
});
