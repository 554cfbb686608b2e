import { configureSupabase, getCatalogueClient, PRODUCT_SELECT } from '@prepper/shared';
import {
  applyProductListPlan,
  planProductList,
  sortOrder,
  type ProductListFilters,
  type ProductListQuery,
} from './get-products-page';

const base: ProductListFilters = {
  search: '',
  categoryId: null,
  minPrice: 0,
  maxPrice: 2000,
  stock: null,
  minRating: null,
  sort: 'featured',
  page: 1,
};

/** A stand-in for the PostgREST builder that records the calls made on it. */
function recordingQuery() {
  const calls: [string, ...unknown[]][] = [];
  const query: Record<string, unknown> = {};
  for (const method of ['like', 'eq', 'neq', 'gte', 'lte', 'or', 'order', 'range']) {
    query[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return query;
    };
  }
  return { calls, query: query as unknown as ProductListQuery };
}

describe('products page query building', () => {
  it('asks for the first 12 rows, in-stock first then by rating, when nothing is chosen', () => {
    const { calls, query } = recordingQuery();
    applyProductListPlan(query, planProductList(base));
    expect(calls).toEqual([
      ['order', 'in_stock', { ascending: false }],
      ['order', 'rating', { ascending: false }],
      ['order', 'id', { ascending: true }],
      ['range', 0, 11],
    ]);
  });

  it('combines category, price, availability and rating into filters and pages by 12', () => {
    const { calls, query } = recordingQuery();
    applyProductListPlan(
      query,
      planProductList({
        ...base,
        categoryId: 'cat-1',
        stock: 'low_stock',
        minRating: 3,
        minPrice: 50,
        maxPrice: 900,
        page: 3,
      }),
    );
    expect(calls).toEqual([
      ['eq', 'category_id', 'cat-1'],
      ['eq', 'in_stock', true],
      ['lte', 'stock_count', 9],
      ['gte', 'rating', 3],
      ['gte', 'price', 50],
      ['lte', 'price', 900],
      ['order', 'in_stock', { ascending: false }],
      ['order', 'rating', { ascending: false }],
      ['order', 'id', { ascending: true }],
      ['range', 24, 35],
    ]);
  });

  it('leaves the price unbounded at the ends of the slider', () => {
    const plan = planProductList({ ...base, minPrice: 0, maxPrice: 2000 });
    expect(plan.minPrice).toBeNull();
    expect(plan.maxPrice).toBeNull();
  });

  it('maps every sort option to its database order', () => {
    expect(sortOrder('newest')[0]).toEqual({ column: 'created_at', ascending: false });
    expect(sortOrder('price-low')[0]).toEqual({ column: 'price', ascending: true });
    expect(sortOrder('price-high')[0]).toEqual({ column: 'price', ascending: false });
    expect(sortOrder('rating')[0]).toEqual({ column: 'rating', ascending: false });
    expect(sortOrder('name')[0]).toEqual({ column: 'name', ascending: true });
    for (const sort of ['featured', 'newest', 'price-low', 'price-high', 'rating', 'name'] as const) {
      expect(sortOrder(sort).at(-1)).toEqual({ column: 'id', ascending: true });
    }
  });

  it('filters a subcategory, out of stock, in slices of its own size', () => {
    const { calls, query } = recordingQuery();
    applyProductListPlan(
      query,
      planProductList({ ...base, categoryId: 'c', subcategoryId: 's', stock: 'out_of_stock', pageSize: 96 }),
    );
    expect(calls.slice(0, 3)).toEqual([
      ['eq', 'category_id', 'c'],
      ['eq', 'subcategory_id', 's'],
      ['eq', 'in_stock', false],
    ]);
    expect(calls.at(-1)).toEqual(['range', 0, 95]);
  });

  it('counts products held for the waitlist as the checkout does (emergency mode)', () => {
    const held = [
      { product_id: 'all-held', available: 0 },
      { product_id: 'all-held-too', available: 0 },
      { product_id: 'nine-left', available: 9 },
      { product_id: 'plenty-left', available: 40 },
    ];
    const filtered = (stock: 'in_stock' | 'low_stock' | 'out_of_stock') => {
      const { calls, query } = recordingQuery();
      applyProductListPlan(query, planProductList({ ...base, stock }), held);
      return calls.filter(([method]) => method !== 'order' && method !== 'range');
    };
    expect(filtered('in_stock')).toEqual([
      ['eq', 'in_stock', true],
      ['eq', 'waitlist_sold_out', false],
    ]);
    expect(filtered('low_stock')).toEqual([
      ['eq', 'in_stock', true],
      ['eq', 'waitlist_sold_out', false],
      ['or', 'stock_count.lte.9,waitlist_low_stock.eq.true'],
    ]);
    expect(filtered('out_of_stock')).toEqual([['or', 'in_stock.eq.false,waitlist_sold_out.eq.true']]);
    // Only products with units left: no product is sold out for the shopper.
    const { calls: some, query: someQuery } = recordingQuery();
    applyProductListPlan(someQuery, planProductList({ ...base, stock: 'in_stock' }), held.slice(2));
    expect(some.filter(([method]) => method === 'eq')).toEqual([['eq', 'in_stock', true]]);
    // Nothing held: the plain filters.
    const { calls, query } = recordingQuery();
    applyProductListPlan(query, planProductList({ ...base, stock: 'in_stock' }), []);
    expect(calls[0]).toEqual(['eq', 'in_stock', true]);
    expect(calls.filter(([method]) => method === 'neq' || method === 'or')).toEqual([]);
  });

  it('keeps the address of a list the same size however many products the waitlist holds', () => {
    // 1,000 held products named by id made URLs of about 44 kB (the stack refuses over 16 kB, proxies
    // in front of a hosted PostgREST over 8 kB).
    configureSupabase({ url: 'http://supabase.test', anonKey: 'anon-key' });
    const held = Array.from({ length: 1000 }, (_, index) => ({
      product_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      available: index % 2 === 0 ? 0 : 3,
    }));
    for (const stock of ['in_stock', 'low_stock', 'out_of_stock'] as const) {
      const url = (products: typeof held) =>
        applyProductListPlan(
          getCatalogueClient().from('product_listing').select(PRODUCT_SELECT),
          planProductList({ ...base, stock, categoryId: '00000000-0000-4000-8000-00000000c0de' }),
          products,
        ).url();
      expect(url(held).length).toBeLessThan(1000);
      expect(url(held).length).toBe(url(held.slice(0, 2)).length);
    }
  });
});
