import { getSupabase } from '@prepper/shared';
import { fetchOrderWithHistory } from '@prepper/shared/orders';
import { defineQuery } from '../../../lib/query';

/** One of the customer's orders with its lines and history; null when it is not theirs or does not exist. */
export const getMyOrder = (orderId: string) => fetchOrderWithHistory(getSupabase(), orderId);

/** One of the customer's orders: key ['my-order', [orderId]]; null waits. */
export const myOrderQuery = defineQuery('my-order', getMyOrder);
export const useMyOrder = (orderId: string | null) => myOrderQuery.use(orderId === null ? null : [orderId]);
