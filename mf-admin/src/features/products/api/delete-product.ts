import { getSupabase } from '@prepper/shared';
import { deleteProductWithImages } from '@prepper/shared/catalog-images';
import { defineMutation } from '../../../lib/query';
import { productsQuery } from './get-products';

/**
 * Deletes a product, then the images uploaded for it (Storage catalog/products/<id>/); RLS only lets an
 * administrator with the products permission do either.
 */
export async function deleteProduct(id: string): Promise<void> {
  await deleteProductWithImages(getSupabase(), id);
}

/** Delete: the product list changes. */
export const deleteProductMutation = defineMutation('delete product', deleteProduct, {
  invalidates: [productsQuery],
});
