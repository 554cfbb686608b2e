import type { Product } from '@prepper/shared';
import { ProductCard } from './product-card';

/**
 * Products as grid tiles (1 to 4 columns by width) or as full-width list rows. `top`: the list is the
 * page's first content, so its first picture is what a phone paints largest; it is fetched first.
 */
export function ProductGrid({
  products,
  view = 'grid',
  columns = 4,
  top,
}: {
  products: Product[];
  view?: 'grid' | 'list';
  columns?: 3 | 4;
  top?: boolean;
}) {
  if (view === 'list') {
    return (
      <ul className="flex flex-col gap-4">
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} variant="list" first={top && !index} />
          </li>
        ))}
      </ul>
    );
  }
  const grid =
    columns === 4 ? 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'sm:grid-cols-2 xl:grid-cols-3';
  return (
    <ul className={`grid grid-cols-1 gap-6 ${grid}`}>
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} first={top && !index} />
        </li>
      ))}
    </ul>
  );
}
