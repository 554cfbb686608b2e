import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';
import type { PromotionRow } from '../lib/promotion-form';
import { getPromotionStats, type PromotionListItem } from './get-promotions';

/** The codes that brought the most revenue (then the most uses), at most `limit`, for the dashboard. */
export async function getTopPromotions(limit: number): Promise<PromotionListItem[]> {
  const stats = await getPromotionStats();
  const ranked = [...stats.entries()]
    .filter(([, s]) => s.uses > 0 || s.revenue > 0)
    .sort(([, a], [, b]) => b.revenue - a.revenue || b.uses - a.uses)
    .slice(0, limit);
  if (ranked.length === 0) return [];
  const { data, error } = await getSupabase()
    .from('promotions')
    .select('*')
    .in(
      'id',
      ranked.map(([id]) => id),
    );
  if (error) throw error;
  const rows = new Map((data as PromotionRow[]).map((row) => [row.id, row]));
  return ranked.flatMap(([id, s]) => {
    const row = rows.get(id);
    return row ? [{ ...row, ...s }] : [];
  });
}

/** key ['top-promotions', [limit]]. */
export const topPromotionsQuery = defineQuery('top-promotions', getTopPromotions);
