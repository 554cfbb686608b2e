import type { CartProduct, Product } from '@prepper/shared';

/** The facts a cart line keeps about a product. */
export function toCartProduct(product: Product): CartProduct {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    price: product.price,
    originalPrice: product.originalPrice,
    image: product.image,
    category: product.category,
    inStock: product.inStock,
  };
}
