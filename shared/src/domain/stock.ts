export const LOW_STOCK_LIMIT = 10;

export type StockLevel = 'in-stock' | 'low-stock' | 'out-of-stock';

/** Low Stock means in stock with fewer than 10 items. */
export function isLowStock(inStock: boolean, stockCount: number): boolean {
  return inStock && stockCount < LOW_STOCK_LIMIT;
}

export function stockLevel(inStock: boolean, stockCount: number): StockLevel {
  if (!inStock) return 'out-of-stock';
  return isLowStock(inStock, stockCount) ? 'low-stock' : 'in-stock';
}
