import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';
import { customerTexts } from '../texts';

export const CUSTOMER_PAGE_SIZE = 20;

export interface CustomerListItem {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  ordersCount: number;
  totalSpent: number;
  lastOrderAt: string | null;
}

/**
 * 'First Last', else the e-mail's local part (as the administrators page names people), else 'Guest' (a guest
 * account has no e-mail address).
 */
export function customerName(customer: Pick<CustomerListItem, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${customer.firstName ?? ''} ${customer.lastName ?? ''}`.trim();
  return name || customer.email.split('@')[0] || customer.email || customerTexts.list.guest;
}

/** admin_list_customers: newest joined first, search on e-mail or name, one page and the exact total. */
export async function getCustomers({ search, page }: { search: string; page: number }) {
  const { data, error } = await getSupabase().rpc('admin_list_customers', {
    p_search: search.trim() || undefined,
    p_limit: CUSTOMER_PAGE_SIZE,
    p_offset: (page - 1) * CUSTOMER_PAGE_SIZE,
  });
  if (error) throw new Error(error.message);
  const rows = data ?? [];
  const customers: CustomerListItem[] = rows.map((row) => ({
    id: row.user_id,
    // A guest account (signed in anonymously to check out) has none.
    email: row.email ?? '',
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    createdAt: row.created_at,
    ordersCount: Number(row.orders_count),
    totalSpent: Number(row.total_spent),
    lastOrderAt: row.last_order_at ?? null,
  }));
  return { customers, total: rows.length > 0 ? Number(rows[0]!.total_count) : 0 };
}

/** One page of the customer list: key ['customers', [{ search, page }]]. */
export const customersQuery = defineQuery('customers', getCustomers);
