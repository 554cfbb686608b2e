import { getSupabase } from '@prepper/shared';
import { mapOrder, type Order, type OrderRow } from '@prepper/shared/orders';
import { defineQuery } from '../../../lib/query';

/**
 * The order behind a lookup link (the database's order_lookup: orders.lookup_token, for whoever holds
 * the link, signed in or not); null when no order has that token.
 */
export async function getOrderByToken(token: string): Promise<Order | null> {
  const { data, error } = await getSupabase().rpc('order_lookup', { p_token: token });
  if (error) throw error;
  return data ? mapOrder(data as unknown as OrderRow) : null;
}

/** Key ['order-by-token', [token]]; null (no token in the link) waits. */
export const orderByTokenQuery = defineQuery('order-by-token', getOrderByToken);
export const useOrderByToken = (token: string | null) => orderByTokenQuery.use(token ? [token] : null);
