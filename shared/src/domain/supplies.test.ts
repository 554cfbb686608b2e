import {
  daysUntil,
  groupSupplies,
  parseReorderQuery,
  reorderLines,
  reorderPath,
  supplyStatus,
  type SupplyItem,
} from './supplies';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('supplyStatus', () => {
  it('is expired only after the best-before day, within 90 days up to day 90, else fine', () => {
    expect(supplyStatus('2027-01-14', '2027-01-15')).toBe('expired');
    expect(supplyStatus('2027-01-15', '2027-01-15')).toBe('soon');
    expect(supplyStatus('2027-04-15', '2027-01-15')).toBe('soon');
    expect(daysUntil('2027-04-15', '2027-01-15')).toBe(90);
    expect(supplyStatus('2027-04-16', '2027-01-15')).toBe('fine');
  });
});

describe('groupSupplies', () => {
  const item = (
    id: string,
    productId: string,
    bestBefore: string,
    mark: SupplyItem['mark'] = null,
  ): SupplyItem => ({
    itemId: id,
    productId,
    productName: productId === A ? 'Water' : 'Rations',
    quantity: 2,
    lotCode: id,
    bestBefore,
    mark,
  });

  it('groups by product, earliest best-before in hand first, fully marked groups last', () => {
    const groups = groupSupplies([
      item('1', A, '2028-01-01'),
      item('2', B, '2027-06-01'),
      item('3', A, '2027-03-01', 'used_up'),
      item('4', A, '2027-09-01'),
    ]);
    expect(groups.map((group) => [group.productName, group.firstBestBefore, group.quantity])).toEqual([
      ['Rations', '2027-06-01', 2],
      ['Water', '2027-09-01', 4],
    ]);
    expect(groups[1]!.items.map((entry) => entry.itemId)).toEqual(['3', '4', '1']);
    const allMarked = groupSupplies([item('5', A, '2026-01-01', 'given_away'), item('6', B, '2030-01-01')]);
    expect(allMarked.map((group) => group.productName)).toEqual(['Rations', 'Water']);
  });
});

describe('the reorder link', () => {
  it('round-trips the products and the reminder, dropping anything that is not an id', () => {
    const path = reorderPath([A, B], A);
    expect(path.startsWith('/checkout/reorder?')).toBe(true);
    expect(parseReorderQuery(path.split('?')[1]!)).toEqual({ productIds: [A, B], reminder: A });
    expect(parseReorderQuery(`products=${A},nope,${A},${B.toUpperCase()}&reminder=x`)).toEqual({
      productIds: [A, B],
      reminder: null,
    });
  });

  it('adds what is in stock and names the rest', () => {
    const products = [
      { id: A, name: 'Water', inStock: true, stockCount: 3 },
      { id: B, name: 'Rations', inStock: false, stockCount: 0 },
    ];
    const missing = '00000000-0000-4000-8000-00000000000c';
    const { add, unavailable } = reorderLines([B, A, missing], products);
    expect(add.map((product) => product.id)).toEqual([A]);
    expect(unavailable).toEqual([
      { id: B, name: 'Rations' },
      { id: missing, name: null },
    ]);
  });
});
