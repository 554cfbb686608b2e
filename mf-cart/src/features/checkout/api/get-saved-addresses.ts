import { getSupabase } from '@prepper/shared';
import { mapSavedAddress, type SavedAddress } from '@prepper/shared/orders';
import { defineQuery } from '../../../lib/query';

/** The signed-in customer's address book (RLS: only their own rows), the default first, then newest. */
export async function getSavedAddresses(): Promise<SavedAddress[]> {
  const { data, error } = await getSupabase()
    .from('customer_addresses')
    .select('*')
    .order('is_default', { ascending: false })
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data.map(mapSavedAddress);
}

/** Key ['saved-addresses', [customerId]]: one cache entry per customer; null waits. */
export const savedAddressesQuery = defineQuery('saved-addresses', (_customerId: string) =>
  getSavedAddresses(),
);
export const useSavedAddresses = (customerId: string | null) =>
  savedAddressesQuery.use(customerId === null ? null : [customerId]);
