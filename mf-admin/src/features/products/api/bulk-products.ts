import { getSupabase } from '@prepper/shared';
import { removeCatalogImages } from '@prepper/shared/catalog-images';
import { defineMutation } from '../../../lib/query';
import type { ImportColumn, ImportRow } from '../lib/product-csv';
import { exportProducts, type ExportClient, type ExportedCsv } from '../lib/product-export';
import { stockFilterConditions } from '../lib/stock-filter';
import { productsQuery, type ProductListQuery } from './get-products';

/**
 * The list as CSV: every product matching the list's search and stock filter (all pages, newest first
 * like the list), read a page at a time (lib/product-export.ts); `onProgress` hears how many rows have
 * been read. The file comes back in parts, for a Blob.
 */
export function exportProductsCsv(
  { search, filter }: Omit<ProductListQuery, 'page'>,
  onProgress?: (read: number) => void,
): Promise<ExportedCsv> {
  // The typed client is the untyped builder the export needs (checking that deeply is beyond tsc).
  const client = getSupabase() as unknown as ExportClient;
  return exportProducts(
    client,
    { search, conditions: stockFilterConditions(filter) },
    onProgress ? { onProgress } : {},
  );
}

export type ImportAction = 'create' | 'update' | 'unchanged' | 'error';

/** The database's answer for one row of the dry run. */
export interface CheckedRow {
  line: number;
  productId: string | null;
  action: ImportAction;
  errors: string[];
  changes: Partial<Record<ImportColumn, { before?: unknown; after?: unknown }>>;
}

/** A new import (admin_product_import_start, products permission); its id. */
export async function startImport(fileName: string): Promise<string> {
  const { data, error } = await getSupabase().rpc('admin_product_import_start', { p_file_name: fileName });
  if (error) throw error;
  return data;
}

/** The dry run of one chunk of rows: stored with the import, nothing written to the catalogue. */
export async function checkImportRows(importId: string, rows: readonly ImportRow[]): Promise<CheckedRow[]> {
  const { data, error } = await getSupabase().rpc('admin_product_import_check', {
    p_import_id: importId,
    p_rows: rows as unknown as never,
  });
  if (error) throw error;
  return data.map((row) => ({
    line: row.line,
    productId: row.product_id,
    action: row.action as ImportAction,
    errors: row.errors ?? [],
    changes: (row.changes ?? {}) as CheckedRow['changes'],
  }));
}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
}

/** Applies every row of a checked import in one transaction (all or nothing). */
export async function applyImport(importId: string): Promise<ImportSummary> {
  const { data, error } = await getSupabase().rpc('admin_product_import_apply', { p_import_id: importId });
  if (error) throw error;
  return data as unknown as ImportSummary;
}

/** Apply: the product list changes. */
export const applyImportMutation = defineMutation('apply product import', applyImport, {
  invalidates: [productsQuery],
});

/** Marks the selected products in or out of stock; how many changed. */
export async function setProductsInStock(ids: readonly string[], inStock: boolean): Promise<number> {
  const { data, error } = await getSupabase().rpc('admin_products_set_in_stock', {
    p_ids: [...ids],
    p_in_stock: inStock,
  });
  if (error) throw error;
  return data;
}

export const setProductsInStockMutation = defineMutation('bulk stock', setProductsInStock, {
  invalidates: [productsQuery],
});

/** Moves the selected products to a category (and subcategory of it, or none); how many changed. */
export async function setProductsCategory(
  ids: readonly string[],
  categoryId: string,
  subcategoryId: string | null,
): Promise<number> {
  const { data, error } = await getSupabase().rpc('admin_products_set_category', {
    p_ids: [...ids],
    p_category_id: categoryId,
    ...(subcategoryId ? { p_subcategory_id: subcategoryId } : {}),
  });
  if (error) throw error;
  return data;
}

export const setProductsCategoryMutation = defineMutation('bulk category', setProductsCategory, {
  invalidates: [productsQuery],
});

export interface PriceChange {
  percent?: number;
  amount?: number;
}

/**
 * Changes the selected products' prices by a percentage or an amount (the database rounds to the cent);
 * each changed product's new price, by id.
 */
export async function adjustProductsPrice(
  ids: readonly string[],
  change: PriceChange,
): Promise<Map<string, number>> {
  const { data, error } = await getSupabase().rpc('admin_products_adjust_price', {
    p_ids: [...ids],
    ...(change.percent !== undefined ? { p_percent: change.percent } : { p_amount: change.amount }),
  });
  if (error) throw error;
  return new Map(data.map((row) => [row.id, Number(row.price_after)]));
}

export const adjustProductsPriceMutation = defineMutation('bulk price', adjustProductsPrice, {
  invalidates: [productsQuery],
});

/**
 * Deletes the selected products in one call (admin_products_delete: products permission, audited, allowed
 * 60 s), then the uploaded images of those it deleted; how many were deleted.
 */
export async function deleteProducts(ids: readonly string[]): Promise<number> {
  const client = getSupabase();
  const { data, error } = await client.rpc('admin_products_delete', { p_ids: [...ids] });
  if (error) throw error;
  if (data.length === 0) throw new Error('No product was deleted (not found or not allowed)');
  await removeCatalogImages(client, 'products', data);
  return data.length;
}

export const deleteProductsMutation = defineMutation('bulk delete', deleteProducts, {
  invalidates: [productsQuery],
});
