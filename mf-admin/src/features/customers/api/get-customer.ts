import { getSupabase, type Json } from '@prepper/shared';
import type { CustomerListItem } from './get-customers';
import { defineQuery } from '../../../lib/query';

export interface CustomerOrder {
  id: string;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  total: number;
  createdAt: string;
}

export interface CustomerDetail extends Omit<CustomerListItem, 'lastOrderAt'> {
  orders: CustomerOrder[];
}

type JsonObject = { [key: string]: Json | undefined };
const asObject = (value: Json | undefined): JsonObject =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};
const text = (value: Json | undefined) => (typeof value === 'string' ? value : '');

/** admin_get_customer: the customer and their orders (newest first); null when there is no such customer. */
export async function getCustomer(userId: string): Promise<CustomerDetail | null> {
  const { data, error } = await getSupabase().rpc('admin_get_customer', { p_user_id: userId });
  if (error) {
    if (error.message === 'Customer not found') return null;
    throw new Error(error.message);
  }
  const row = asObject(data);
  const orders = Array.isArray(row.orders) ? row.orders : [];
  return {
    id: text(row.user_id),
    email: text(row.email),
    firstName: text(row.first_name),
    lastName: text(row.last_name),
    createdAt: text(row.created_at),
    ordersCount: Number(row.orders_count ?? 0),
    totalSpent: Number(row.total_spent ?? 0),
    orders: orders.map((entry) => {
      const order = asObject(entry);
      return {
        id: text(order.id),
        orderNumber: text(order.order_number),
        status: text(order.status),
        paymentStatus: text(order.payment_status),
        total: Number(order.total_amount ?? 0),
        createdAt: text(order.created_at),
      };
    }),
  };
}

/** One customer with their orders: key ['customer', [userId]]. */
export const customerQuery = defineQuery('customer', getCustomer);
export const useCustomer = (userId: string) => customerQuery.use([userId]);
