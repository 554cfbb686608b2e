import { getSupabase, rowRange } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';
import type { PromotionRow } from '../lib/promotion-form';

export const PROMOTION_PAGE_SIZE = 20;
export const PROMOTION_FILTERS = ['all', 'active', 'inactive'] as const;
export type PromotionFilter = (typeof PROMOTION_FILTERS)[number];

export interface PromotionStats {
  uses: number;
  revenue: number;
  discountTotal: number;
}

export interface PromotionListItem extends PromotionRow, PromotionStats {}

export interface PromotionListQuery {
  search: string;
  status: PromotionFilter;
  page: number;
}

/** `%term%` for ilike, with the user's own % and _ matched literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Every code's uses, revenue and discounts (admin_promotion_stats, orders permission). */
export async function getPromotionStats(): Promise<Map<string, PromotionStats>> {
  const { data, error } = await getSupabase().rpc('admin_promotion_stats');
  if (error) throw error;
  return new Map(
    (data ?? []).map((row) => [
      row.promotion_id,
      { uses: row.uses, revenue: Number(row.revenue), discountTotal: Number(row.discount_total) },
    ]),
  );
}

/** One page of codes, newest first, with each code's figures, plus the totals over every code. */
export async function getPromotions({ search, status, page }: PromotionListQuery) {
  let query = getSupabase().from('promotions').select('*', { count: 'exact' });
  const term = search.trim();
  if (term) query = query.ilike('code', containsPattern(term));
  if (status !== 'all') query = query.eq('active', status === 'active');
  const { from, to } = rowRange(page, PROMOTION_PAGE_SIZE);
  const [rows, stats] = await Promise.all([
    query.order('created_at', { ascending: false }).order('id').range(from, to),
    getPromotionStats(),
  ]);
  if (rows.error) throw rows.error;
  const none: PromotionStats = { uses: 0, revenue: 0, discountTotal: 0 };
  const promotions: PromotionListItem[] = (rows.data as PromotionRow[]).map((row) => ({
    ...row,
    ...(stats.get(row.id) ?? none),
  }));
  const totals = [...stats.values()].reduce(
    (sum, s) => ({
      uses: sum.uses + s.uses,
      revenue: sum.revenue + s.revenue,
      discountTotal: sum.discountTotal + s.discountTotal,
    }),
    none,
  );
  return { promotions, total: rows.count ?? 0, totals };
}

/** One page of the discount codes: key ['promotions', [{ search, status, page }]]. */
export const promotionsQuery = defineQuery('promotions', getPromotions);
