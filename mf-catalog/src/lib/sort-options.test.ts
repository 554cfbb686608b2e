import type { Product } from '@prepper/shared';
import { isSortOption, sortProducts } from './sort-options';

const make = (name: string, price: number, rating: number) => ({ id: name, name, price, rating }) as Product;
const products = [make('Radio', 80, 4.2), make('Axe', 45, 4.8), make('Stove', 120, 3.9)];

describe('client-side sorts (subcategory page)', () => {
  it('sorts by price both ways, by rating and by name', () => {
    expect(sortProducts(products, 'price-low').map((p) => p.name)).toEqual(['Axe', 'Radio', 'Stove']);
    expect(sortProducts(products, 'price-high').map((p) => p.name)).toEqual(['Stove', 'Radio', 'Axe']);
    expect(sortProducts(products, 'rating').map((p) => p.name)).toEqual(['Axe', 'Radio', 'Stove']);
    expect(sortProducts(products, 'name').map((p) => p.name)).toEqual(['Axe', 'Radio', 'Stove']);
  });

  it('keeps the loaded order for featured and never mutates the input', () => {
    expect(sortProducts(products, 'featured').map((p) => p.name)).toEqual(['Radio', 'Axe', 'Stove']);
    sortProducts(products, 'price-high');
    expect(products.map((p) => p.name)).toEqual(['Radio', 'Axe', 'Stove']);
  });

  it('recognises only the six sort options', () => {
    expect(isSortOption('newest')).toBe(true);
    expect(isSortOption('cheapest')).toBe(false);
    expect(isSortOption(null)).toBe(false);
  });
});
