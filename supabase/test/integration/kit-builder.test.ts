// The kit builder on the seeded catalogue, through supabase-js against a fresh seeded stack: the page's
// read (in-stock products stating a kind, KIT_PRODUCT_SELECT, as the anon key) fed to the one rules module
// (shared/src/domain/kit.ts) gives, for a few households, the kits worked out by hand from the seed's
// prices, stock and kit facts (docs/preparedness.md). A product that does not state a need's figure is never
// proposed for it; the kit facts are edited by staff with the products permission only. Runs on PGlite and,
// with STACK_TEST_DATABASE_URL set, on PostgreSQL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildKit,
  coverageText,
  DEFAULT_KIT_PLAN,
  KIT_PRODUCT_SELECT,
  toKitProduct,
  type Kit,
  type KitPlan,
  type KitProductRow,
} from '../../../shared/src/domain/kit.ts';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let anon: SupabaseClient;

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

/** What the kit builder page reads: in-stock products that state a kind. */
async function kitProducts(client: SupabaseClient) {
  const { data, error } = await client
    .from('products')
    .select(KIT_PRODUCT_SELECT)
    .eq('in_stock', true)
    .gte('stock_count', 1)
    .like('supply_kind', '%')
    .order('price')
    .limit(1000)
    .overrideTypes<KitProductRow[], { merge: false }>();
  if (error) throw new Error(error.message);
  return data.map(toKitProduct);
}

async function kitFor(plan: Partial<KitPlan>): Promise<Kit> {
  return buildKit({ ...DEFAULT_KIT_PLAN, ...plan }, await kitProducts(anon));
}

const lines = (kit: Kit) =>
  kit.lines.map((line) => [line.need, line.product.name, line.quantity, line.lineTotal]);

beforeAll(async () => {
  stack = await startTestStack();
  anon = stack.anonClient();
});

afterAll(async () => {
  await stack?.stop();
});

describe('kits from the seeded catalogue at the lowest price, worked out by hand', () => {
  it('2 adults, 1 child and a dog for 2 weeks: 49 gallons, 75,600 kcal and one of each count', async () => {
    // Water (2 + 1) x 1 + 1 x 0.5 = 3.5 gallons a day x 14 = 49 gallons (185.5 L): one LifeStraw (4,000 L)
    // at 19.95 is cheaper than 7 packs of Micropur tablets (30 L, 104.65) or a WaterBOB (34.99).
    // Food (2 x 2,000 + 1,400) x 14 = 75,600 kcal: 3 pails of wheat berries (37,500 kcal, 104.85) beat 3
    // pails of rice (32,800 kcal, 119.85) and 21 Datrex bars (209.79). Light: 2 LuminAID lanterns (39.99);
    // power: the hand-crank charger; first aid: the Mountain Series kit; communication: the Baofeng radio.
    const kit = await kitFor({ adults: 2, children: 1, pets: 1, duration: 'two-weeks' });
    expect(lines(kit)).toEqual([
      ['water', 'LifeStraw Personal Water Filter', 1, 19.95],
      ['food', 'Hard Red Wheat Berries, 25 lb', 3, 104.85],
      ['light', 'LuminAID PackLite Max Solar Lantern', 2, 79.98],
      ['power', 'Hand-Crank USB Emergency Charger', 1, 24.99],
      ['first_aid', 'Adventure Medical Kits Mountain Series Explorer', 1, 79.99],
      ['communication', 'Baofeng UV-5R Dual-Band Radio', 1, 34.99],
    ]);
    expect(kit.coverage.map(coverageText)).toEqual([
      'Water: 49 of 49 gallons',
      'Food: 75,600 of 75,600 kcal',
      'Light: 2 of 2 lights',
      'Power: 1 of 1 power source',
      'First aid: 1 of 1 kit',
      'Communication: 1 of 1 device',
    ]);
    expect(kit.coverage.every((need) => need.missing === 0)).toBe(true);
    expect(kit.total).toBe(344.75);
  });

  it('1 adult, a go bag of water and food: tablets and two ration bars', async () => {
    // Water 3 gallons (11.4 L): Micropur tablets (30 L, 14.95) before a LifeStraw (19.95). Food 6,000 kcal:
    // 2 Datrex bars (3,600 kcal, 19.98) before one pail of wheat (34.95) or 6 Peak Refuel meals (83.70).
    const kit = await kitFor({ adults: 1, duration: 'go-bag', needs: ['water', 'food'] });
    expect(lines(kit)).toEqual([
      ['water', 'Katadyn Micropur Purification Tablets (30)', 1, 14.95],
      ['food', 'Datrex 3600 Emergency Ration Bar', 2, 19.98],
    ]);
    expect(kit.total).toBe(34.93);
  });

  it('4 adults and 2 children for 30 days of food: all 5 pails of wheat in stock, then rice', async () => {
    // (4 x 2,000 + 2 x 1,400) x 30 = 324,000 kcal. Wheat would take 9 pails but 5 are in stock (187,500
    // kcal, 174.75); the 136,500 kcal left take 5 pails of rice (164,000 kcal, 199.75), cheaper per kcal
    // than 4 packs of SOS rations (319.96).
    const kit = await kitFor({ adults: 4, children: 2, duration: 'thirty-days', needs: ['food'] });
    expect(lines(kit)).toEqual([
      ['food', 'Hard Red Wheat Berries, 25 lb', 5, 174.75],
      ['food', 'Long Grain White Rice, 20 lb Mylar Pail', 5, 199.75],
    ]);
    expect(coverageText(kit.coverage[0]!)).toBe('Food: 324,000 of 324,000 kcal');
    expect(kit.total).toBe(374.5);
  });
});

describe('best rated', () => {
  it('takes the highest rated in-stock product of each kind that states the need', async () => {
    const kit = await kitFor({
      adults: 1,
      duration: 'go-bag',
      needs: ['light', 'first_aid'],
      mode: 'rating',
    });
    const best = await owner<{ supply_kind: string; name: string }>(
      `select distinct on (supply_kind) supply_kind, name from public.products
       where supply_kind in ('light', 'first_aid') and in_stock and stock_count > 0
       order by supply_kind, rating desc, review_count desc, price, id`,
    );
    const bestOf = Object.fromEntries(best.map((row) => [row.supply_kind, row.name]));
    const first = (need: string) => kit.lines.find((line) => line.need === need)?.product.name;
    expect([first('light'), first('first_aid')]).toEqual([bestOf.light, bestOf.first_aid]);
    expect(bestOf.light).toBeDefined();
    expect(kit.coverage.map((need) => need.missing)).toEqual([0, 0]);
  });
});

describe('only what a product states', () => {
  it('never proposes a product without the need’s figure, nor one of another kind', async () => {
    const [bandage] = await owner<{ id: string }>(
      `select id from public.products where name = 'Israeli Emergency Pressure Bandage 6 in'`,
    );
    const cheap = await owner<{ id: string }>(
      `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock, supply_kind)
       select 'Kit Test Jug', 'for kit-builder.test.ts', 0.5, id, 'x.svg', 50, true, 'water'
       from public.categories where slug = 'water-filtration' returning id`,
    );
    const water = { adults: 1, duration: 'go-bag' as const, needs: ['water' as const, 'first_aid' as const] };
    let kit = await kitFor(water);
    expect(kit.lines.map((line) => line.product.id)).not.toContain(cheap[0]!.id);
    expect(kit.lines.map((line) => line.product.id)).not.toContain(bandage!.id);

    await owner(`update public.products set water_litres_per_unit = 20 where id = $1`, [cheap[0]!.id]);
    kit = await kitFor(water);
    expect(lines(kit)[0]).toEqual(['water', 'Kit Test Jug', 1, 0.5]);
    await owner(`delete from public.products where id = $1`, [cheap[0]!.id]);
  });
});

describe('who edits the kit facts', () => {
  it('staff with the products permission may; a customer and an administrator without it may not', async () => {
    const [lantern] = await owner<{ id: string }>(
      `select id from public.products where name = 'LuminAID PackLite Max Solar Lantern'`,
    );
    const facts = (id: string) =>
      owner<{ supply_kind: string | null; person_days_per_unit: string | null }>(
        'select supply_kind, person_days_per_unit from public.products where id = $1',
        [id],
      );
    const customer = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
    const ordersOnly = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
    for (const client of [customer, ordersOnly, anon]) {
      await client.from('products').update({ supply_kind: 'tool' }).eq('id', lantern!.id);
      expect((await facts(lantern!.id))[0]!.supply_kind).toBe('light');
    }
    const admin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
    const { error } = await admin
      .from('products')
      .update({ person_days_per_unit: 2.5 })
      .eq('id', lantern!.id);
    expect(error).toBeNull();
    expect(await facts(lantern!.id)).toEqual([{ supply_kind: 'light', person_days_per_unit: '2.5' }]);
    const refused = await admin.from('products').update({ supply_kind: 'gold' }).eq('id', lantern!.id);
    expect(refused.error?.code).toBe('23514');
    await owner('update public.products set person_days_per_unit = null where id = $1', [lantern!.id]);
  });
});
