import { getSupabase } from '@prepper/shared';
import type { SupplyItem, SupplyMark } from '@prepper/shared/supplies';
import { defineQuery } from '../../../lib/query';

/** One dated lot the customer bought (my_supplies), with the order it came in. */
export interface MySupply extends SupplyItem {
  orderId: string;
  orderNumber: string;
  orderedAt: string;
  productSlug: string | null;
  remindedAt: string | null;
}

/** The signed-in customer's dated supplies, earliest best-before first (the database gives only theirs). */
export async function getMySupplies(): Promise<MySupply[]> {
  const { data, error } = await getSupabase().rpc('my_supplies');
  if (error) throw error;
  return (data ?? []).map((row) => ({
    itemId: row.item_id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    orderedAt: row.ordered_at,
    productId: row.product_id,
    productName: row.product_name,
    productSlug: row.product_slug,
    quantity: row.quantity,
    lotCode: row.lot_code,
    bestBefore: row.best_before,
    mark: (row.state as SupplyMark | null) ?? null,
    remindedAt: row.reminded_at,
  }));
}

/** Key ['my-supplies'] (the cache is the signed-in customer's). */
export const mySuppliesQuery = defineQuery('my-supplies', getMySupplies);
export const useMySupplies = (signedIn: boolean) => mySuppliesQuery.use(signedIn ? [] : null);
