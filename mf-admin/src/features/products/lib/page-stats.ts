import { $storeInfo, isLowStock, roundMoney } from '@prepper/shared';

export interface ProductPageStats {
  inStock: number;
  lowStock: number;
  /** Mean price of the rows, 0 for an empty page. */
  averagePrice: number;
}

/** The In Stock, Low Stock and Avg. Price tiles: computed over the rows of the current page only. */
export function productPageStats(rows: readonly { price: number; inStock: boolean; stockCount: number }[]) {
  const stats: ProductPageStats = {
    inStock: rows.filter((row) => row.inStock).length,
    lowStock: rows.filter((row) =>
      isLowStock(row.inStock, row.stockCount, $storeInfo.get().settings.lowStockBelow),
    ).length,
    averagePrice: rows.length ? roundMoney(rows.reduce((sum, row) => sum + row.price, 0) / rows.length) : 0,
  };
  return stats;
}
