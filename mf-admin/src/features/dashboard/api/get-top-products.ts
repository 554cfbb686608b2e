import { getSupabase } from '@prepper/shared';

export interface TopProduct {
  name: string;
  units: number;
  revenue: number;
}

/** Best sellers by revenue over the last `days` days (admin_top_products). */
export async function getTopProducts(limit = 5, days = 180): Promise<TopProduct[]> {
  const { data, error } = await getSupabase().rpc('admin_top_products', { p_limit: limit, p_days: days });
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => ({
    name: row.product_name,
    units: Number(row.units),
    revenue: Number(row.revenue),
  }));
}
