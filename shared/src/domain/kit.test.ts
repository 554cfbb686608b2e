import {
  buildKit,
  coverageText,
  DEFAULT_KIT_PLAN,
  kitPlanSearch,
  kitRequirements,
  parseKitPlan,
  toKitProduct,
  type KitPlan,
  type KitProductRow,
  type KitProduct,
} from './kit';

function product(id: string, overrides: Partial<KitProduct>): KitProduct {
  return {
    id,
    name: `Product ${id}`,
    price: 10,
    originalPrice: null,
    image: '/x.svg',
    category: 'Test',
    inStock: true,
    stockCount: 100,
    purchaseLimit: null,
    rating: 4,
    reviewCount: 3,
    supplyKind: null,
    servingsPerUnit: null,
    caloriesPerUnit: null,
    waterLitresPerUnit: null,
    personDaysPerUnit: null,
    ...overrides,
  };
}

const plan = (overrides: Partial<KitPlan>): KitPlan => ({ ...DEFAULT_KIT_PLAN, ...overrides });

describe('kit requirements', () => {
  it('gives 2 adults, 1 child and a dog for 2 weeks 49 gallons and 75,600 kcal', () => {
    const needs = kitRequirements(plan({ adults: 2, children: 1, pets: 1, duration: 'two-weeks' }));
    expect(needs).toEqual([
      { need: 'water', amount: 49 },
      { need: 'food', amount: 75_600 },
      { need: 'light', amount: 2 },
      { need: 'power', amount: 1 },
      { need: 'first_aid', amount: 1 },
      { need: 'communication', amount: 1 },
    ]);
  });

  it('gives one adult with two cats a go bag of 6 gallons, only what was asked', () => {
    expect(
      kitRequirements(plan({ adults: 1, pets: 2, duration: 'go-bag', needs: ['water', 'food'] })),
    ).toEqual([
      { need: 'water', amount: 6 },
      { need: 'food', amount: 6000 },
    ]);
  });

  it('needs nothing for a household without people', () => {
    expect(kitRequirements(plan({ adults: 0, children: 0, pets: 3 }))).toEqual([]);
  });
});

describe('buildKit', () => {
  const jug = product('a-jug', { supplyKind: 'water', waterLitresPerUnit: 3.785411784, price: 2 });
  const tank = product('b-tank', { supplyKind: 'water', waterLitresPerUnit: 378.5411784, price: 50 });

  it('takes the small product for a small need and the large one for a large need (lowest price)', () => {
    const small = buildKit(plan({ adults: 1, duration: 'go-bag', needs: ['water'] }), [jug, tank]);
    expect(small.lines.map((line) => [line.product.id, line.quantity])).toEqual([['a-jug', 3]]);
    expect(small.total).toBe(6);
    const large = buildKit(plan({ adults: 2, duration: 'thirty-days', needs: ['water'] }), [jug, tank]);
    expect(large.lines.map((line) => [line.product.id, line.quantity])).toEqual([['b-tank', 1]]);
    expect(coverageText(large.coverage[0]!)).toBe('Water: 60 of 60 gallons');
  });

  it('takes the best rated first when asked, then fills with the next', () => {
    const rated = product('c-rated', {
      supplyKind: 'food',
      caloriesPerUnit: 3000,
      price: 30,
      rating: 4.9,
      stockCount: 1,
    });
    const cheap = product('d-cheap', { supplyKind: 'food', caloriesPerUnit: 3000, price: 3, rating: 3.1 });
    const kit = buildKit(plan({ adults: 1, duration: 'go-bag', needs: ['food'], mode: 'rating' }), [
      cheap,
      rated,
    ]);
    expect(kit.lines.map((line) => [line.product.id, line.quantity])).toEqual([
      ['c-rated', 1],
      ['d-cheap', 1],
    ]);
    expect(kit.total).toBe(33);
  });

  it('never proposes a product for a need it does not state, and reports the gap', () => {
    const unstated = product('e-unstated', { supplyKind: 'water', price: 1 });
    const lamp = product('f-lamp', { supplyKind: 'light', price: 5, stockCount: 1 });
    const knife = product('g-knife', { supplyKind: 'tool', price: 1 });
    const kit = buildKit(plan({ adults: 1, duration: 'go-bag', needs: ['water', 'light'] }), [
      unstated,
      lamp,
      knife,
    ]);
    expect(kit.lines.map((line) => line.product.id)).toEqual(['f-lamp']);
    expect(kit.coverage).toEqual([
      { need: 'water', required: 3, covered: 0, missing: 3 },
      { need: 'light', required: 2, covered: 1, missing: 1 },
    ]);
    expect(kit.total).toBe(5);
  });

  it('keeps within stock and the per-order limit, and skips what is out of stock', () => {
    const limited = product('h-limited', { supplyKind: 'light', price: 1, purchaseLimit: 1 });
    const soldOut = product('i-sold-out', { supplyKind: 'light', price: 1, inStock: false });
    const spare = product('j-spare', { supplyKind: 'light', price: 4 });
    const kit = buildKit(plan({ needs: ['light'] }), [limited, soldOut, spare]);
    expect(kit.lines.map((line) => [line.product.id, line.quantity])).toEqual([
      ['h-limited', 1],
      ['j-spare', 1],
    ]);
  });
});

describe('toKitProduct (emergency mode: waitlist holds)', () => {
  const row = (stock: number, held: number | undefined): KitProductRow => ({
    id: 'k-lamp',
    name: 'Lamp',
    price: '5.00',
    original_price: null,
    image_url: '/x.svg',
    in_stock: true,
    stock_count: stock,
    waitlist_held_units: held,
    purchase_limit: null,
    rating: '4.5',
    review_count: 2,
    supply_kind: 'light',
    servings_per_unit: null,
    calories_per_unit: null,
    water_litres_per_unit: null,
    person_days_per_unit: null,
    category: { name: 'Light' },
  });

  it('takes the units held for others off the stock, so the kit never proposes them', () => {
    expect(toKitProduct(row(5, undefined))).toMatchObject({ inStock: true, stockCount: 5 });
    expect(toKitProduct(row(5, 2))).toMatchObject({ inStock: true, stockCount: 3 });
    const allHeld = toKitProduct(row(2, 2));
    expect(allHeld).toMatchObject({ inStock: false, stockCount: 0 });
    const kit = buildKit(plan({ adults: 4, needs: ['light'] }), [toKitProduct(row(5, 4)), allHeld]);
    expect(kit.lines.map((line) => [line.product.id, line.quantity])).toEqual([['k-lamp', 1]]);
  });
});

describe('the address', () => {
  it('round-trips a plan', () => {
    const wanted = plan({ adults: 2, children: 1, pets: 1, duration: 'two-weeks', needs: ['water', 'food'] });
    expect(kitPlanSearch(wanted)).toBe('adults=2&children=1&pets=1&days=14&cover=water%2Cfood&by=price');
    expect(parseKitPlan(new URLSearchParams(kitPlanSearch(wanted)))).toEqual(wanted);
  });

  it('falls back to the defaults for what it does not understand', () => {
    expect(
      parseKitPlan(new URLSearchParams('adults=-1&children=999&pets=x&days=7&cover=water,gold&by=cheapest')),
    ).toEqual({ ...DEFAULT_KIT_PLAN, children: 20, needs: ['water'] });
  });
});
