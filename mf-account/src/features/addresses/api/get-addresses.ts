import { getSupabase } from '@prepper/shared';
import { mapSavedAddress, type SavedAddress } from '@prepper/shared/orders';
import { defineQuery } from '../../../lib/query';

/** The signed-in customer's address book (RLS: only their own rows), the default first, then newest. */
export async function getAddresses(): Promise<SavedAddress[]> {
  const { data, error } = await getSupabase()
    .from('customer_addresses')
    .select('*')
    .order('is_default', { ascending: false })
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data.map(mapSavedAddress);
}

/** Key ['addresses', [customerId]]: one entry per customer (the cache also empties on a change of customer). */
export const addressesQuery = defineQuery('addresses', (_customerId: string) => getAddresses());
export const useAddresses = (customerId: string) => addressesQuery.use([customerId]);
