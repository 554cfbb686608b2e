import type { Product } from '@prepper/shared';
import { useCallback, useMemo, useState } from 'react';
import type { ProductSlice } from '../api/get-category-products';

interface More {
  key: string;
  products: Product[];
  loading: boolean;
  failed: boolean;
}

/**
 * A first slice of products plus the ones a "load more" button adds, slice after slice, for the view
 * named `key` (another key starts over). `loadSlice(offset)` fetches the next slice.
 */
export function useMoreProducts(
  key: string,
  first: ProductSlice | null,
  loadSlice: (offset: number) => Promise<ProductSlice>,
) {
  const [more, setMore] = useState<More | null>(null);
  const current = more?.key === key ? more : null;
  const extra = current?.products;
  const products = useMemo(() => (first ? [...first.products, ...(extra ?? [])] : []), [first, extra]);
  const total = first?.total ?? 0;
  const loading = current?.loading ?? false;

  const loadMore = useCallback(() => {
    if (loading) return;
    const offset = products.length;
    setMore({ key, products: current?.products ?? [], loading: true, failed: false });
    loadSlice(offset).then(
      (slice) =>
        setMore((previous) =>
          previous?.key === key
            ? { key, products: [...previous.products, ...slice.products], loading: false, failed: false }
            : previous,
        ),
      (error: unknown) => {
        console.error(`[catalog] failed to load more products of ${key}`, error);
        setMore((previous) =>
          previous?.key === key ? { ...previous, loading: false, failed: true } : previous,
        );
      },
    );
  }, [key, loading, products.length, current, loadSlice]);

  return {
    products,
    total,
    hasMore: products.length < total,
    loading,
    failed: current?.failed ?? false,
    loadMore,
  };
}
