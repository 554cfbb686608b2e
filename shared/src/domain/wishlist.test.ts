import { wishlistChanges } from './wishlist';

describe('wishlistChanges', () => {
  it('says nothing when price and stock are as saved', () => {
    expect(wishlistChanges({ priceAtAdd: 20, inStockAtAdd: true }, { price: 20, inStock: true })).toEqual([]);
  });

  it('reports a price drop with the old price and the saving', () => {
    expect(
      wishlistChanges({ priceAtAdd: 49.99, inStockAtAdd: true }, { price: 39.99, inStock: true }),
    ).toEqual([{ kind: 'price-dropped', from: 49.99, by: 10 }]);
  });

  it('reports a price rise', () => {
    expect(wishlistChanges({ priceAtAdd: 10, inStockAtAdd: true }, { price: 12.5, inStock: true })).toEqual([
      { kind: 'price-rose', from: 10 },
    ]);
  });

  it('reports back in stock and out of stock, stock first', () => {
    expect(wishlistChanges({ priceAtAdd: 10, inStockAtAdd: false }, { price: 8, inStock: true })).toEqual([
      { kind: 'back-in-stock' },
      { kind: 'price-dropped', from: 10, by: 2 },
    ]);
    expect(wishlistChanges({ priceAtAdd: 10, inStockAtAdd: true }, { price: 10, inStock: false })).toEqual([
      { kind: 'out-of-stock' },
    ]);
    expect(wishlistChanges({ priceAtAdd: 10, inStockAtAdd: false }, { price: 10, inStock: false })).toEqual([
      { kind: 'out-of-stock' },
    ]);
  });

  it('ignores differences below a cent', () => {
    expect(wishlistChanges({ priceAtAdd: 10.001, inStockAtAdd: true }, { price: 10, inStock: true })).toEqual(
      [],
    );
  });
});
