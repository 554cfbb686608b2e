import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

export interface LowStockProduct {
  productId: string;
  name: string;
  stockCount: number;
  inStock: boolean;
  hasLots: boolean;
}

export interface ExpiringLot {
  lotId: string;
  productId: string;
  name: string;
  lotCode: string;
  quantity: number;
  /** 'YYYY-MM-DD'. */
  bestBefore: string;
  expired: boolean;
  daysLeft: number;
}

export interface StockAlerts {
  /** The store's low-stock threshold the list used (store_settings.low_stock_threshold). */
  lowStockBelow: number;
  /** The store's expiry-alert window in days (store_settings.expiry_alert_days). */
  expiringDays: number;
  lowStock: LowStockProduct[];
  lowStockTotal: number;
  expiring: ExpiringLot[];
  expiringTotal: number;
}

interface AlertsRow {
  low_stock_below: number;
  expiring_days: number;
  low_stock: {
    product_id: string;
    name: string;
    stock_count: number;
    in_stock: boolean;
    has_lots: boolean;
  }[];
  low_stock_total: number;
  expiring: {
    lot_id: string;
    product_id: string;
    name: string;
    lot_code: string;
    quantity: number;
    best_before: string;
    expired: boolean;
    days_left: number;
  }[];
  expiring_total: number;
}

/**
 * The dashboard's stock alerts (admin_stock_alerts, products permission): products below the store's
 * low-stock threshold and lots with stock whose best-before is within the store's expiry-alert window
 * (expired ones first), both read by the database from store_settings.
 */
export async function getStockAlerts(limit = 10): Promise<StockAlerts> {
  const { data, error } = await getSupabase().rpc('admin_stock_alerts', {
    p_limit: limit,
  });
  if (error) throw new Error(error.message);
  const row = data as unknown as AlertsRow;
  return {
    lowStockBelow: Number(row.low_stock_below),
    expiringDays: Number(row.expiring_days),
    lowStock: row.low_stock.map((entry) => ({
      productId: entry.product_id,
      name: entry.name,
      stockCount: entry.stock_count,
      inStock: entry.in_stock,
      hasLots: entry.has_lots,
    })),
    lowStockTotal: Number(row.low_stock_total),
    expiring: row.expiring.map((entry) => ({
      lotId: entry.lot_id,
      productId: entry.product_id,
      name: entry.name,
      lotCode: entry.lot_code,
      quantity: entry.quantity,
      bestBefore: entry.best_before,
      expired: entry.expired,
      daysLeft: entry.days_left,
    })),
    expiringTotal: Number(row.expiring_total),
  };
}

/** The dashboard's stock alerts: key ['stock-alerts', []]. */
export const stockAlertsQuery = defineQuery('stock-alerts', getStockAlerts);
export const useStockAlerts = () => stockAlertsQuery.use([]);
