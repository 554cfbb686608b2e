import { describe, expect, it } from 'vitest';
import { parseProductsCsv } from './product-csv';
import { exportProducts, type ExportClient } from './product-export';

interface Row {
  id: string;
  created_at: string;
  in_stock: boolean;
}

/**
 * A products table in memory behind the builder calls the export makes (eq, gt, lt, order, limit), which
 * records every request: the database's side: e2e/admin-bulk.spec.ts and the scale benchmark.
 */
function fakeClient(rows: Row[]) {
  const requests: string[] = [];
  const client = {
    from: () => ({
      select: () => {
        const filters: ((row: Row) => boolean)[] = [];
        const orders: [keyof Row, boolean][] = [];
        const described: string[] = [];
        const query = {
          or: () => query,
          eq(column: keyof Row, value: unknown) {
            described.push(`${column}=${String(value)}`);
            filters.push((row) => row[column] === value);
            return query;
          },
          gt(column: keyof Row, value: string) {
            described.push(`${column}>${value}`);
            filters.push((row) => String(row[column]) > value);
            return query;
          },
          lt(column: keyof Row, value: string) {
            described.push(`${column}<${value}`);
            filters.push((row) => String(row[column]) < value);
            return query;
          },
          order(column: keyof Row, { ascending }: { ascending: boolean }) {
            orders.push([column, ascending]);
            return query;
          },
          limit(count: number) {
            requests.push(described.join('&'));
            const data = rows
              .filter((row) => filters.every((keep) => keep(row)))
              .sort((a, b) => {
                for (const [column, ascending] of orders) {
                  const order = String(a[column]).localeCompare(String(b[column]));
                  if (order !== 0) return ascending ? order : -order;
                }
                return 0;
              })
              .slice(0, count)
              .map((row) => ({
                ...row,
                sku: `RS-${row.id}`,
                slug: row.id,
                name: `Product ${row.id}`,
                description: '',
                price: 1,
                original_price: null,
                image_url: 'x.jpg',
                images: [],
                stock_count: 1,
                purchase_limit: null,
                features: [],
                specifications: {},
                tags: [],
                supply_kind: null,
                servings_per_unit: null,
                calories_per_unit: null,
                water_litres_per_unit: null,
                person_days_per_unit: null,
                rating: 0,
                review_count: 0,
                updated_at: row.created_at,
                category: null,
                subcategory: null,
              }));
            return { then: (resolve: (value: unknown) => void) => resolve({ data, error: null }) };
          },
        };
        return query;
      },
    }),
  } as unknown as ExportClient;
  return { client, requests };
}

const at = (second: number) => `2026-01-01T00:00:${String(second).padStart(2, '0')}+00:00`;

describe('the product export', () => {
  it('reads every product once in the list order, across pages that end inside a group of one instant', async () => {
    // Seven products created at the same instant (as an import creates them) between older and newer ones.
    const rows: Row[] = [
      { id: 'a', created_at: at(9), in_stock: true },
      ...['k', 'c', 'g', 'e', 'i', 'd', 'f'].map((id) => ({ id, created_at: at(5), in_stock: true })),
      { id: 'b', created_at: at(1), in_stock: true },
      { id: 'z', created_at: at(1), in_stock: false },
    ];
    const { client, requests } = fakeClient(rows);
    const read: number[] = [];
    const { parts, count } = await exportProducts(
      client,
      { search: '', conditions: {} },
      { pageSize: 3, onProgress: (n) => read.push(n) },
    );
    expect(count).toBe(rows.length);
    const file = parseProductsCsv(parts.join(''));
    expect(file.fileErrors).toEqual([]);
    expect(file.rows.map((row) => row.id)).toEqual(['a', 'c', 'd', 'e', 'f', 'g', 'i', 'k', 'b', 'z']);
    expect(read.at(-1)).toBe(rows.length);
    // Each page continues from the last product read: the rest of its instant by id, then older ones.
    expect(requests).toEqual([
      '',
      `created_at=${at(5)}&id>d`,
      `created_at=${at(5)}&id>g`,
      `created_at<${at(5)}`,
    ]);
  });

  it('keeps the stock filter on every page, and writes the header alone when nothing matches', async () => {
    const rows: Row[] = [1, 2, 3, 4].map((second) => ({
      id: `p${second}`,
      created_at: at(second),
      in_stock: second % 2 === 0,
    }));
    const { client, requests } = fakeClient(rows);
    const inStock = await exportProducts(
      client,
      { search: '', conditions: { inStock: true } },
      { pageSize: 1 },
    );
    expect(parseProductsCsv(inStock.parts.join('')).rows.map((row) => row.id)).toEqual(['p4', 'p2']);
    expect(requests.every((request) => request.startsWith('in_stock=true'))).toBe(true);

    const none = await exportProducts(fakeClient([]).client, { search: '', conditions: {} });
    expect(none.count).toBe(0);
    expect(none.parts.join('').trimEnd().split('\r\n')).toHaveLength(1);
  });
});
