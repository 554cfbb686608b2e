export const LOW_STOCK_LIMIT = 10;

export type StockLevel = 'in-stock' | 'low-stock' | 'out-of-stock';

/** Low Stock means in stock with fewer items than the store's threshold (10 as seeded). */
export function isLowStock(inStock: boolean, stockCount: number, below = LOW_STOCK_LIMIT): boolean {
  return inStock && stockCount < below;
}

export function stockLevel(inStock: boolean, stockCount: number, below = LOW_STOCK_LIMIT): StockLevel {
  if (!inStock) return 'out-of-stock';
  return isLowStock(inStock, stockCount, below) ? 'low-stock' : 'in-stock';
}
