// The CSV export of the back office's product list, a page at a time (docs/catalog-csv.md).
import { EXPORT_SELECT, productsCsv, type ExportRow } from './product-csv';
import { productSearchCondition } from './product-search';

/** Products read per request (hosted Supabase answers at most 1,000 rows: config.toml's max_rows). */
export const EXPORT_PAGE = 1000;

/** A products query as the export builds it (supabase-js's builder; each call gives the builder back). */
interface ProductsQuery extends PromiseLike<{ data: unknown[] | null; error: unknown }> {
  or(filters: string): ProductsQuery;
  eq(column: string, value: unknown): ProductsQuery;
  gt(column: string, value: unknown): ProductsQuery;
  lt(column: string, value: unknown): ProductsQuery;
  order(column: string, options: { ascending: boolean }): ProductsQuery;
  limit(count: number): ProductsQuery;
}

/**
 * What the export needs of a Supabase client: the back office's one client (@prepper/shared), or the
 * benchmark's and the tests' own.
 */
export interface ExportClient {
  from(table: 'products'): { select(columns: string): ProductsQuery };
}

export interface ExportQuery {
  /** The list's search box. */
  search: string;
  /**
   * The list's stock filter as column conditions (stockFilterConditions' StockConditions, written out
   * here so that this module needs nothing of the browser's and runs in the benchmark too).
   */
  conditions: { inStock?: boolean; stockCountBelow?: number };
}

export interface ExportedCsv {
  /** The file in parts, one per page read (the header with the first), in order: a Blob's parts. */
  parts: string[];
  count: number;
}

/**
 * Every product matching the list's search and stock filter as CSV, in the list's order (newest first,
 * then by id). Each page starts where the last one ended (keyset: older than its last created_at, after
 * its id among products created at that same instant, as an import creates them), so every page is a
 * short read of the index products_newest_idx: an offset would make each page read every row before
 * it again. Each page is turned into CSV at once and its rows dropped, so the file is held once, as text.
 * `onProgress` hears how many rows have been read.
 */
export async function exportProducts(
  client: ExportClient,
  { search, conditions }: ExportQuery,
  { pageSize = EXPORT_PAGE, onProgress }: { pageSize?: number; onProgress?: (read: number) => void } = {},
): Promise<ExportedCsv> {
  const term = search.trim();
  const matching = () => {
    let query = client.from('products').select(EXPORT_SELECT);
    if (term) query = query.or(productSearchCondition(term));
    if (conditions.inStock !== undefined) query = query.eq('in_stock', conditions.inStock);
    if (conditions.stockCountBelow !== undefined) query = query.lt('stock_count', conditions.stockCountBelow);
    return query;
  };
  const parts: string[] = [];
  let count = 0;
  const add = (rows: ExportRow[]) => {
    if (parts.length === 0) parts.push(productsCsv(rows));
    else if (rows.length > 0) parts.push('\r\n', productsCsv(rows, { header: false }));
    count += rows.length;
    onProgress?.(count);
  };
  const page = async (query: ProductsQuery): Promise<ExportRow[]> => {
    const { data, error } = await query.limit(pageSize);
    if (error) throw error;
    return (data ?? []) as ExportRow[];
  };

  let last: ExportRow | undefined;
  for (;;) {
    if (last) {
      // The rest of the products created at the same instant as the last one read, by id.
      const ties = await page(
        matching().eq('created_at', last.created_at).gt('id', last.id).order('id', { ascending: true }),
      );
      add(ties);
      if (ties.length === pageSize) {
        last = ties.at(-1);
        continue;
      }
    }
    let older = matching();
    if (last) older = older.lt('created_at', last.created_at);
    const rows = await page(older.order('created_at', { ascending: false }).order('id', { ascending: true }));
    add(rows);
    if (rows.length < pageSize) return { parts, count };
    last = rows.at(-1);
  }
}
