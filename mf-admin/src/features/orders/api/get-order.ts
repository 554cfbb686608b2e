import { getSupabase } from '@prepper/shared';
import { fetchOrderWithHistory } from '@prepper/shared/orders';
import { defineQuery } from '../../../lib/query';

/** One order with its lines and history, or null when there is none with this id (or it is not visible). */
export const getOrder = (orderId: string) => fetchOrderWithHistory(getSupabase(), orderId);

/** One order: key ['order', [orderId]]. */
export const orderQuery = defineQuery('order', getOrder);
export const useOrder = (orderId: string) => orderQuery.use([orderId]);
