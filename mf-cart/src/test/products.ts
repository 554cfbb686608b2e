import type { CartProduct } from '@prepper/shared';

/** Two products for the cart remote's component tests: one in stock with a discount, one out of stock. */
export const radio: CartProduct = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'hand-crank-radio-11111111-1111-4111-8111-111111111111',
  name: 'Hand Crank Radio',
  price: 39.99,
  originalPrice: 49.99,
  image: 'https://img.example/radio.jpg',
  category: 'Communication',
  inStock: true,
};
export const filter: CartProduct = {
  id: '22222222-2222-4222-8222-222222222222',
  slug: 'water-filter-22222222-2222-4222-8222-222222222222',
  name: 'Water Filter',
  price: 24.5,
  originalPrice: null,
  image: '',
  category: 'Survival Gear',
  inStock: false,
};
