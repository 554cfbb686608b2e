import { describe, expect, it } from 'vitest';
import {
  addImageUrl,
  changeCategory,
  emptyProductForm,
  isDuplicateSku,
  productFormFromRow,
  REQUIRED_FIELDS_MESSAGE,
  toProductPayload,
  validateProductForm,
  type ProductFormValues,
  type ProductRecord,
} from './product-form';

function filled(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    ...emptyProductForm(),
    name: ' Hand Crank Radio ',
    description: 'Works without batteries',
    category_id: 'cat-1',
    price: '49.99',
    image_url: 'https://example.com/radio.jpg',
    ...overrides,
  };
}

describe('emptyProductForm', () => {
  it('starts with price 0, stock 0 and in stock', () => {
    const form = emptyProductForm();
    expect(form.price).toBe('0');
    expect(form.stock_count).toBe('0');
    expect(form.in_stock).toBe(true);
    expect(form.subcategory_id).toBe('');
  });
});

describe('validateProductForm', () => {
  it('accepts a complete form', () => {
    expect(validateProductForm(filled())).toEqual({ summary: null, fields: {} });
  });

  it('asks for the required fields, with a message per field', () => {
    const result = validateProductForm(emptyProductForm());
    expect(result.summary).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(result.fields).toEqual({
      name: 'Product name is required',
      description: 'Description is required',
      category_id: 'Category is required',
      price: 'Price must be greater than 0',
      image_url: 'Main image URL is required',
    });
  });

  it('treats blank text as missing and a price of 0 as missing', () => {
    const result = validateProductForm(filled({ name: '   ', price: '0' }));
    expect(result.summary).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(Object.keys(result.fields)).toEqual(['name', 'price']);
  });

  it('checks the image URL format, the original price and the stock count', () => {
    expect(validateProductForm(filled({ image_url: 'not a url' }))).toEqual({
      summary: 'Enter a valid URL (https://...)',
      fields: { image_url: 'Enter a valid URL (https://...)' },
    });
    expect(validateProductForm(filled({ original_price: '-1' })).fields).toEqual({
      original_price: 'Original price must be 0 or more',
    });
    expect(validateProductForm(filled({ stock_count: '2.5' })).fields.stock_count).toBeDefined();
    expect(validateProductForm(filled({ stock_count: '-1' })).fields.stock_count).toBeDefined();
    expect(validateProductForm(filled({ stock_count: '' })).fields.stock_count).toBeDefined();
  });

  it('takes an empty purchase limit as no limit and refuses anything but a whole number from 1 to 999', () => {
    expect(validateProductForm(filled({ purchase_limit: '  ' })).fields).toEqual({});
    expect(validateProductForm(filled({ purchase_limit: '5' })).fields).toEqual({});
    expect(validateProductForm(filled({ purchase_limit: '999' })).fields).toEqual({});
    for (const bad of ['0', '-3', '2.5', 'abc', '1000']) {
      expect(validateProductForm(filled({ purchase_limit: bad }))).toEqual({
        summary: 'Purchase limit must be empty or a whole number from 1 to 999',
        fields: { purchase_limit: 'Purchase limit must be empty or a whole number from 1 to 999' },
      });
    }
  });
});

describe('toProductPayload', () => {
  it('sends an empty original price and subcategory as null', () => {
    const payload = toProductPayload(filled({ original_price: '  ', subcategory_id: '' }));
    expect(payload.original_price).toBeNull();
    expect(payload.subcategory_id).toBeNull();
    expect(toProductPayload(filled({ purchase_limit: '' })).purchase_limit).toBeNull();
  });

  it('converts numbers, trims texts and never sends a slug', () => {
    const payload = toProductPayload(
      filled({
        original_price: '59.5',
        subcategory_id: 'sub-1',
        stock_count: '12',
        purchase_limit: ' 4 ',
        in_stock: false,
        images: ['https://a', ' https://a ', ''],
        tags: ['radio', 'radio'],
        features: ['Crank', 'Crank'],
        specifications: { Weight: '1 kg' },
      }),
    );
    expect(payload).toEqual({
      name: 'Hand Crank Radio',
      description: 'Works without batteries',
      category_id: 'cat-1',
      subcategory_id: 'sub-1',
      price: 49.99,
      original_price: 59.5,
      image_url: 'https://example.com/radio.jpg',
      images: ['https://a'],
      features: ['Crank', 'Crank'],
      specifications: { Weight: '1 kg' },
      tags: ['radio'],
      in_stock: false,
      stock_count: 12,
      purchase_limit: 4,
      supply_kind: null,
      servings_per_unit: null,
      calories_per_unit: null,
      water_litres_per_unit: null,
      person_days_per_unit: null,
    });
    expect(payload).not.toHaveProperty('slug');
  });
});

describe('the SKU', () => {
  const badSku =
    'SKU must start with a letter or digit and use only letters, digits and . _ / - (at most 64)';

  it('is optional on a new product and left to the database when empty', () => {
    expect(emptyProductForm().sku).toBe('');
    expect(validateProductForm(filled({ sku: '  ' }))).toEqual({ summary: null, fields: {} });
    expect(toProductPayload(filled({ sku: '  ' }))).not.toHaveProperty('sku');
  });

  it('is saved trimmed when given', () => {
    expect(toProductPayload(filled({ sku: ' RADIO-01 ' })).sku).toBe('RADIO-01');
  });

  it("accepts what the database's products_sku_check accepts", () => {
    for (const good of [
      'A',
      '7',
      'RS-000123',
      'radio.crank_2/blue-XL',
      'a'.repeat(64),
      `9${'-'.repeat(63)}`,
    ]) {
      expect(validateProductForm(filled({ sku: good })).fields, good).toEqual({});
    }
  });

  it('refuses, at the field, what the database would refuse', () => {
    for (const bad of ['-A1', '.hidden', '/root', '_x', 'two words', 'RS#1', 'ÄBC', 'a'.repeat(65), 'a,b']) {
      expect(validateProductForm(filled({ sku: bad })), bad).toEqual({
        summary: badSku,
        fields: { sku: badSku },
      });
    }
  });

  it('cannot be emptied on a saved product', () => {
    expect(validateProductForm(filled({ sku: '' }), { editing: true })).toEqual({
      summary: REQUIRED_FIELDS_MESSAGE,
      fields: { sku: 'SKU is required: a saved product keeps one' },
    });
    expect(validateProductForm(filled({ sku: 'RS-000001' }), { editing: true }).fields).toEqual({});
  });

  it('knows the refusal of a SKU another product has from other refusals', () => {
    const duplicate = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "products_sku_key"',
      details: 'Key (sku)=(RADIO-01) already exists.',
    };
    expect(isDuplicateSku(duplicate)).toBe(true);
    expect(
      isDuplicateSku({
        ...duplicate,
        message: 'duplicate key value',
        details: 'Key (sku)=(X) already exists.',
      }),
    ).toBe(true);
    expect(isDuplicateSku({ ...duplicate, code: '23514' })).toBe(false);
    expect(
      isDuplicateSku({
        code: '23505',
        message: 'duplicate key value violates unique constraint "products_pkey"',
        details: 'Key (id)=(1) already exists.',
      }),
    ).toBe(false);
    expect(isDuplicateSku(null)).toBe(false);
    expect(isDuplicateSku(new Error('offline'))).toBe(false);
  });
});

describe('changeCategory', () => {
  it('clears the subcategory when the category changes', () => {
    const form = filled({ subcategory_id: 'sub-1' });
    expect(changeCategory(form, 'cat-2')).toMatchObject({ category_id: 'cat-2', subcategory_id: '' });
    expect(changeCategory(form, 'cat-1')).toBe(form);
  });
});

describe('addImageUrl', () => {
  it('adds a trimmed URL once and refuses what is not a URL', () => {
    expect(addImageUrl([], ' https://x.test/a.jpg ')).toEqual({
      images: ['https://x.test/a.jpg'],
      error: null,
    });
    expect(addImageUrl(['https://x.test/a.jpg'], 'https://x.test/a.jpg').images).toEqual([
      'https://x.test/a.jpg',
    ]);
    expect(addImageUrl([], 'ftp-ish')).toEqual({ images: [], error: 'Enter a valid URL (https://...)' });
    expect(addImageUrl([], '   ')).toEqual({ images: [], error: null });
  });
});

describe('productFormFromRow', () => {
  it('turns a stored row into form values', () => {
    const row: ProductRecord = {
      id: 'p1',
      name: 'Radio',
      sku: 'RS-000001',
      slug: 'radio-p1',
      price: 10,
      original_price: null,
      description: 'd',
      category_id: 'c1',
      subcategory_id: null,
      image_url: 'https://x.test/r.jpg',
      images: [],
      in_stock: false,
      stock_count: 3,
      purchase_limit: 2,
      rating: 4.5,
      review_count: 2,
      features: ['f'],
      specifications: { Weight: '1 kg' },
      tags: ['t'],
      search_text: null,
      search_vector: null,
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
      supply_kind: 'food',
      servings_per_unit: 9,
      calories_per_unit: 3600,
      water_litres_per_unit: null,
      person_days_per_unit: 3,
    };
    expect(productFormFromRow(row)).toEqual({
      name: 'Radio',
      sku: 'RS-000001',
      description: 'd',
      category_id: 'c1',
      subcategory_id: '',
      price: '10',
      original_price: '',
      image_url: 'https://x.test/r.jpg',
      images: [],
      features: ['f'],
      specifications: { Weight: '1 kg' },
      tags: ['t'],
      stock_count: '3',
      purchase_limit: '2',
      in_stock: false,
      supply_kind: 'food',
      servings_per_unit: '9',
      calories_per_unit: '3600',
      water_litres_per_unit: '',
      person_days_per_unit: '3',
    });
  });
});

describe('the kit builder facts', () => {
  it('are optional, and saved as numbers or null', () => {
    expect(validateProductForm(filled())).toEqual({ summary: null, fields: {} });
    const payload = toProductPayload(
      filled({
        supply_kind: 'water',
        water_litres_per_unit: ' 26.5 ',
        servings_per_unit: '',
        person_days_per_unit: '1.5',
      }),
    );
    expect(payload).toMatchObject({
      supply_kind: 'water',
      water_litres_per_unit: 26.5,
      servings_per_unit: null,
      calories_per_unit: null,
      person_days_per_unit: 1.5,
    });
    expect(toProductPayload(filled()).supply_kind).toBeNull();
  });

  it('refuses what the database would not keep, field by field', () => {
    const { fields } = validateProductForm(
      filled({
        servings_per_unit: '2.5',
        calories_per_unit: '0',
        water_litres_per_unit: '1.005',
        person_days_per_unit: '-1',
      }),
    );
    expect(fields).toEqual({
      servings_per_unit: 'Servings must be empty or a whole number of 1 or more',
      calories_per_unit: 'Calories must be empty or a whole number of 1 or more',
      water_litres_per_unit: 'Litres of water must be empty or a number above 0 with at most 2 decimals',
      person_days_per_unit: 'Person-days must be empty or a number above 0 with at most 1 decimal',
    });
    expect(validateProductForm(filled({ person_days_per_unit: '0.25' })).fields).toEqual({
      person_days_per_unit: 'Person-days must be empty or a number above 0 with at most 1 decimal',
    });
  });
});
