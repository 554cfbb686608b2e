import { describe, expect, it } from 'vitest';
import { adjustedPrice, chunkRows, parseProductsCsv, productsCsv, type ExportRow } from './product-csv';

const row: ExportRow = {
  id: '11111111-1111-4111-8111-111111111111',
  sku: 'RS-000001',
  slug: 'crank-radio-11111111-1111-4111-8111-111111111111',
  name: 'Crank Radio, "Storm" edition',
  description: '-Loud enough\nfor a camp',
  price: 49.99,
  original_price: null,
  image_url: 'https://images.example.com/radio.jpg',
  images: ['https://images.example.com/a.jpg', 'https://images.example.com/b.jpg'],
  in_stock: true,
  stock_count: 12,
  purchase_limit: null,
  features: ['Hand crank', 'Solar, too'],
  specifications: { Weight: '450 g', Bands: 'AM/FM/NOAA' },
  tags: ['radio', 'power'],
  supply_kind: 'communication',
  servings_per_unit: null,
  calories_per_unit: null,
  water_litres_per_unit: null,
  person_days_per_unit: 3.5,
  rating: 4.5,
  review_count: 3,
  created_at: '2026-01-01T00:00:00+00:00',
  updated_at: '2026-01-02T00:00:00+00:00',
  category: { slug: 'communication' },
  subcategory: null,
};

describe('the product CSV', () => {
  it('writes a header and one row per product, lists one item per line, specifications as JSON', () => {
    const csv = productsCsv([row]);
    const [header] = csv.split('\r\n');
    expect(header).toBe(
      'id,sku,slug,name,description,category,subcategory,price,original_price,image_url,images,in_stock,stock_count,purchase_limit,features,specifications,tags,supply_kind,servings_per_unit,calories_per_unit,water_litres_per_unit,person_days_per_unit,rating,review_count,created_at,updated_at',
    );
    expect(csv).toContain('"Crank Radio, ""Storm"" edition"');
    expect(csv).toContain('"Hand crank\nSolar, too"');
    expect(csv).toContain('"{""Weight"":""450 g"",""Bands"":""AM/FM/NOAA""}"');
    // A cell starting with - is escaped against spreadsheet formulas.
    expect(csv).toContain(`"'-Loud enough\nfor a camp"`);
  });

  it('reads back what it wrote: the import columns as text, the formula escape undone', () => {
    const parsed = parseProductsCsv(productsCsv([row]));
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.ignoredColumns).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        line: 1,
        id: row.id,
        sku: 'RS-000001',
        slug: row.slug,
        name: row.name,
        description: '-Loud enough\nfor a camp',
        category: 'communication',
        subcategory: '',
        price: '49.99',
        original_price: '',
        image_url: row.image_url,
        images: 'https://images.example.com/a.jpg\nhttps://images.example.com/b.jpg',
        in_stock: 'true',
        stock_count: '12',
        purchase_limit: '',
        features: 'Hand crank\nSolar, too',
        specifications: '{"Weight":"450 g","Bands":"AM/FM/NOAA"}',
        tags: 'radio\npower',
        supply_kind: 'communication',
        servings_per_unit: '',
        calories_per_unit: '',
        water_litres_per_unit: '',
        person_days_per_unit: '3.5',
      },
    ]);
  });

  it('takes a partial file (columns left out stay absent) and names columns it does not import', () => {
    const parsed = parseProductsCsv('SKU,Price,Colour\r\nRS-000001,12.50,red\r\n\r\n');
    expect(parsed.rows).toEqual([{ line: 1, sku: 'RS-000001', price: '12.50' }]);
    expect(parsed.ignoredColumns).toEqual(['colour']);
  });

  it('refuses a file without a column that finds or names a product, or with a column twice', () => {
    expect(parseProductsCsv('price\r\n12\r\n').fileErrors).toEqual([
      'The header needs an id, sku, slug or name column',
    ]);
    expect(parseProductsCsv('sku,price,price\r\nA,1,2\r\n').fileErrors).toContain(
      'Columns appear twice: price',
    );
  });

  it('chunks rows by count and by size', () => {
    const rows = Array.from({ length: 1201 }, (_, index) => ({ line: index + 1, name: 'x' }));
    expect(chunkRows(rows).map((chunk) => chunk.length)).toEqual([250, 250, 250, 250, 201]);
    const big = Array.from({ length: 10 }, (_, index) => ({
      line: index + 1,
      description: 'y'.repeat(250_000),
    }));
    expect(chunkRows(big).map((chunk) => chunk.length)).toEqual([2, 2, 2, 2, 2]);
  });
});

describe('adjustedPrice', () => {
  it('rounds half up to the cent like the database', () => {
    expect(adjustedPrice(19.99, { percent: 15 })).toBe(22.99); // 22.9885
    expect(adjustedPrice(19.99, { percent: 10 })).toBe(21.99); // 21.989
    expect(adjustedPrice(10.1, { percent: 5 })).toBe(10.61); // 10.605 exactly: half up
    expect(adjustedPrice(10, { percent: -12.5 })).toBe(8.75);
    expect(adjustedPrice(5.1, { amount: -1.2 })).toBe(3.9);
    expect(adjustedPrice(0.3, { amount: 0.1 })).toBe(0.4);
  });
});
