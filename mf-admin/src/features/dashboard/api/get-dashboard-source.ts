import { getSupabase } from '@prepper/shared';
import { periodBounds, type DashboardSource } from '../utils/dashboard-stats';

/** Counts and order rows behind the five summary cards (SPEC section 7, Admin dashboard reads). */
export async function getDashboardSource(now: Date): Promise<DashboardSource> {
  const supabase = getSupabase();
  const since = periodBounds(now).previousStart.toISOString();
  const [products, categories, orders, recentProducts, recentCategories] = await Promise.all([
    supabase.from('products').select('id', { count: 'exact', head: true }),
    supabase.from('categories').select('id', { count: 'exact', head: true }),
    supabase.from('orders').select('total_amount, user_id, created_at', { count: 'exact' }),
    supabase.from('products').select('created_at').gte('created_at', since),
    supabase.from('categories').select('created_at').gte('created_at', since),
  ]);
  const failed = [products, categories, orders, recentProducts, recentCategories].find(
    (result) => result.error,
  );
  if (failed?.error) throw new Error(failed.error.message);
  return {
    productCount: products.count ?? 0,
    categoryCount: categories.count ?? 0,
    orders: (orders.data ?? []).map((row) => ({ ...row, total_amount: Number(row.total_amount) })),
    orderCount: orders.count ?? orders.data?.length ?? 0,
    recentProducts: recentProducts.data ?? [],
    recentCategories: recentCategories.data ?? [],
  };
}
