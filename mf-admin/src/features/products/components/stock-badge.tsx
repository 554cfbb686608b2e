import { stockLevel, useStoreInfo } from '@prepper/shared';
import { productTexts } from '../texts';

const tones = {
  'in-stock': 'bg-green-100 text-green-800',
  'low-stock': 'bg-yellow-100 text-yellow-800',
  'out-of-stock': 'bg-red-100 text-red-800',
} as const;

/** Green at the store's low-stock threshold (10 as seeded) or more, yellow below it while in stock, red 'Out of stock': the storefront's rule. */
export function StockBadge({ inStock, stockCount }: { inStock: boolean; stockCount: number }) {
  const level = stockLevel(inStock, stockCount, useStoreInfo().settings.lowStockBelow);
  return (
    <span
      data-stock-level={level}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[level]}`}
    >
      {level === 'out-of-stock' ? productTexts.list.outOfStock : productTexts.list.inStockCount(stockCount)}
    </span>
  );
}
