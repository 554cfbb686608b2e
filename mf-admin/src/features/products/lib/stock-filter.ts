import { $storeInfo } from '@prepper/shared';

export const STOCK_FILTERS = ['all', 'in-stock', 'out-of-stock', 'low-stock'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export function parseStockFilter(value: string | null | undefined): StockFilter {
  return STOCK_FILTERS.find((filter) => filter === value) ?? 'all';
}

/** The column conditions a stock filter adds to the admin products query. */
export interface StockConditions {
  inStock?: boolean;
  /** stock_count strictly below this number. */
  stockCountBelow?: number;
}

/** Low stock is below the store's threshold (read by the admin layout's store sync; 10 until it arrives). */
export function stockFilterConditions(
  filter: StockFilter,
  lowStockBelow = $storeInfo.get().settings.lowStockBelow,
): StockConditions {
  switch (filter) {
    case 'in-stock':
      return { inStock: true };
    case 'out-of-stock':
      return { inStock: false };
    case 'low-stock':
      return { inStock: true, stockCountBelow: lowStockBelow };
    default:
      return {};
  }
}
