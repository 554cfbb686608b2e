import { getSupabase } from '@prepper/shared';
import type { SupplyMark } from '@prepper/shared/supplies';
import { defineMutation } from '../../../lib/query';
import { mySuppliesQuery } from './get-my-supplies';

/** Marks one of the customer's supplies used up or given away (no more reminders), or clears the mark. */
export async function markSupply(itemId: string, mark: SupplyMark | null): Promise<void> {
  // The generated types cannot say that null clears the mark.
  const { error } = await getSupabase().rpc('set_my_supply_state', {
    p_item_id: itemId,
    p_state: mark as string,
  });
  if (error) throw error;
}

export const markSupplyMutation = defineMutation('mark supply', markSupply, {
  invalidates: () => [mySuppliesQuery],
});
export const useMarkSupply = () => markSupplyMutation.use();
