import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

export interface SupplyReminderStats {
  /** Reminder e-mails written (one digest per customer and run). */
  emails: number;
  /** Items they named. */
  items: number;
  /** Orders placed from their "Reorder these" links (not cancelled or returned). */
  reorders: number;
  /** Those orders' total. */
  reorderRevenue: number;
}

/** admin_supply_reminder_stats (orders permission). */
export async function getSupplyReminderStats(): Promise<SupplyReminderStats> {
  const { data, error } = await getSupabase().rpc('admin_supply_reminder_stats');
  if (error) throw error;
  const row = data?.[0];
  return {
    emails: Number(row?.emails ?? 0),
    items: Number(row?.items ?? 0),
    reorders: Number(row?.reorders ?? 0),
    reorderRevenue: Number(row?.reorder_revenue ?? 0),
  };
}

/** Key ['supply-reminder-stats', []]. */
export const supplyReminderStatsQuery = defineQuery('supply-reminder-stats', getSupplyReminderStats);
export const useSupplyReminderStats = () => supplyReminderStatsQuery.use([]);
