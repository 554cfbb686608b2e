import { defineQuery } from '../../../lib/query';
import { lotDraftsFromRows } from '../lib/lots';
import { getProduct } from './get-product';
import { getProductLots } from './get-product-lots';

/** What the edit form starts from: the product row and its lots as drafts. */
export async function getProductForm(id: string) {
  const [row, lotRows] = await Promise.all([getProduct(id), getProductLots(id)]);
  return { row, lots: lotDraftsFromRows(lotRows) };
}

/** The edited product with its lots: key ['product-form', [id]]. */
export const productFormQuery = defineQuery('product-form', getProductForm);
