import { getSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import type { PromotionWrite } from '../lib/promotion-form';
import { promotionQuery } from './get-promotion';
import { promotionsQuery } from './get-promotions';

/** Creates (id null) or updates a code over REST; row-level security and the table's checks decide. */
export async function savePromotion(id: string | null, row: PromotionWrite): Promise<void> {
  const promotions = getSupabase().from('promotions');
  const { error } = id ? await promotions.update(row).eq('id', id) : await promotions.insert(row);
  if (error) throw error;
}

/** Save: the list and the edited code change. */
export const savePromotionMutation = defineMutation('save promotion', savePromotion, {
  invalidates: ([id]) => [promotionsQuery, ...(id ? [promotionQuery.keys(id)] : [])],
});
export const useSavePromotion = () => savePromotionMutation.use();

/** Activates or deactivates a code. */
export async function setPromotionActive(id: string, active: boolean): Promise<void> {
  const { error } = await getSupabase().from('promotions').update({ active }).eq('id', id);
  if (error) throw error;
}

export const setPromotionActiveMutation = defineMutation('set promotion active', setPromotionActive, {
  invalidates: ([id]) => [promotionsQuery, promotionQuery.keys(id)],
});

/** Deletes a code; orders that used it keep its code and discount (promotion_id becomes null). */
export async function deletePromotion(id: string): Promise<void> {
  const { error } = await getSupabase().from('promotions').delete().eq('id', id);
  if (error) throw error;
}

export const deletePromotionMutation = defineMutation('delete promotion', deletePromotion, {
  invalidates: [promotionsQuery],
});
