import { getSupabase } from '@prepper/shared';
import { shippingAddressOf, type ShippingAddress } from '@prepper/shared/orders';
import { defineMutation } from '../../../lib/query';
import { addressesQuery } from './get-addresses';

export interface AddressInput {
  /** Absent for a new address. */
  id?: string;
  address: ShippingAddress;
  makeDefault: boolean;
}

/**
 * Adds or edits an address. The database trims and checks it (the checkout's rules), makes the first
 * one the default and unmarks the old default when another is marked, under one lock per customer.
 */
export async function saveAddress({ id, address, makeDefault }: AddressInput): Promise<void> {
  const fields = { ...shippingAddressOf(address), ...(makeDefault ? { is_default: true } : {}) };
  const table = getSupabase().from('customer_addresses');
  const { error } = id ? await table.update(fields).eq('id', id) : await table.insert(fields);
  if (error) throw error;
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(id: string): Promise<void> {
  const { error } = await getSupabase().from('customer_addresses').delete().eq('id', id);
  if (error) throw error;
}

/** Marks an address the default (the database unmarks the previous one). */
export async function makeDefaultAddress(id: string): Promise<void> {
  const { error } = await getSupabase().from('customer_addresses').update({ is_default: true }).eq('id', id);
  if (error) throw error;
}

const invalidates = [addressesQuery];
export const saveAddressMutation = defineMutation('save address', saveAddress, { invalidates });
export const useSaveAddress = () => saveAddressMutation.use();
export const deleteAddressMutation = defineMutation('delete address', deleteAddress, { invalidates });
export const useDeleteAddress = () => deleteAddressMutation.use();
export const makeDefaultMutation = defineMutation('make default address', makeDefaultAddress, {
  invalidates,
});
export const useMakeDefaultAddress = () => makeDefaultMutation.use();
