import { getSupabase } from '@prepper/shared';

export interface SalesMonth {
  /** First day of the month, 'YYYY-MM-DD'. */
  month: string;
  revenue: number;
  orders: number;
}

/** Revenue and orders per month for the last `months` months, oldest first (admin_sales_overview). */
export async function getSalesOverview(months = 6): Promise<SalesMonth[]> {
  const { data, error } = await getSupabase().rpc('admin_sales_overview', { p_months: months });
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => ({
    month: row.month,
    revenue: Number(row.revenue),
    orders: Number(row.orders),
  }));
}
