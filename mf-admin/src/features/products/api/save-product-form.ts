import { defineMutation } from '../../../lib/query';
import { lotsChanged, toLotsPayload, type LotDraft } from '../lib/lots';
import type { ProductPayload } from '../lib/product-form';
import { productFormQuery } from './get-product-form';
import { productsQuery } from './get-products';
import { saveProduct } from './save-product';
import { saveProductLots } from './save-product-lots';

export interface SaveProductFormInput {
  /** The edited product's id; null creates one under `newId`. */
  id: string | null;
  newId: string;
  payload: ProductPayload;
  lots: readonly LotDraft[];
  loadedLots: readonly LotDraft[];
}

/** The product was saved but its lots were refused: the message says why (the database's words). */
export class LotsNotSavedError extends Error {}

/**
 * Saves the product form: the product, then its lots when they changed. With lots the stock is theirs,
 * so the product saves without a number and the lots follow.
 */
export async function saveProductForm({ id, newId, payload, lots, loadedLots }: SaveProductFormInput) {
  const usesLots = lots.length > 0 || loadedLots.length > 0;
  const { stock_count, ...rest } = payload;
  const saved = await saveProduct(id, usesLots ? rest : { ...rest, stock_count }, newId);
  if (!lotsChanged(lots, loadedLots)) return saved;
  try {
    await saveProductLots(saved.id, toLotsPayload(lots));
  } catch (error) {
    throw new LotsNotSavedError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  return saved;
}

/** Save: the product list and the edited product change. */
export const saveProductFormMutation = defineMutation('save product', saveProductForm, {
  invalidates: ([{ id }]) => [productsQuery, ...(id ? [productFormQuery.keys(id)] : [])],
});
export const useSaveProductForm = () => saveProductFormMutation.use();
