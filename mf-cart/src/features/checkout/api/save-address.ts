import { getSupabase } from '@prepper/shared';
import {
  mapSavedAddress,
  shippingAddressOf,
  type SavedAddress,
  type ShippingAddress,
} from '@prepper/shared/orders';
import { defineMutation } from '../../../lib/query';
import { savedAddressesQuery } from './get-saved-addresses';

/**
 * "Save this address" at checkout: a new row of the customer's address book (the database trims it,
 * checks it as place_order does and makes the first one the default).
 */
export async function saveAddress(address: ShippingAddress): Promise<SavedAddress> {
  const { data, error } = await getSupabase()
    .from('customer_addresses')
    .insert(shippingAddressOf(address))
    .select('*')
    .single();
  if (error) throw error;
  return mapSavedAddress(data);
}

export const saveAddressMutation = defineMutation('save address', saveAddress, {
  invalidates: [savedAddressesQuery],
});
export const useSaveAddress = () => saveAddressMutation.use();
