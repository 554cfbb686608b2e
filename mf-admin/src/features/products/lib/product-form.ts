import type { Tables, TablesInsert } from '@prepper/shared';
import { productTexts } from '../texts';
import { addListItem, normaliseList } from './list-items';
import { toSpecifications, type Specifications } from './specifications';

/** What the product form edits. Number inputs are kept as the text typed, converted on save. */
export interface ProductFormValues {
  name: string;
  description: string;
  category_id: string;
  subcategory_id: string;
  price: string;
  original_price: string;
  image_url: string;
  images: string[];
  features: string[];
  specifications: Specifications;
  tags: string[];
  stock_count: string;
  /** Most units one order may hold; '' = no limit. */
  purchase_limit: string;
  in_stock: boolean;
}

/** The columns the form saves; the slug is left to the database trigger. */
export type ProductPayload = Pick<
  TablesInsert<'products'>,
  | 'name'
  | 'description'
  | 'category_id'
  | 'subcategory_id'
  | 'price'
  | 'original_price'
  | 'image_url'
  | 'images'
  | 'features'
  | 'specifications'
  | 'tags'
  | 'in_stock'
  | 'stock_count'
  | 'purchase_limit'
> & { subcategory_id: string | null; original_price: number | null };

export type ProductField =
  | 'name'
  | 'description'
  | 'category_id'
  | 'price'
  | 'original_price'
  | 'image_url'
  | 'stock_count'
  | 'purchase_limit';

export interface ProductFormErrors {
  /** 'Please fill in all required fields' when name, description, category or price (> 0) is missing. */
  summary: string | null;
  fields: Partial<Record<ProductField, string>>;
}

/** Orders take at most 999 of a line (place_order), so a higher limit would mean nothing. */
export const MAX_PURCHASE_LIMIT = 999;

export const REQUIRED_FIELDS_MESSAGE = productTexts.toasts.required;

const errors = productTexts.form.errors;
export const FIELD_MESSAGES: Record<ProductField | 'image_url_format', string> = {
  name: errors.name,
  description: errors.description,
  category_id: errors.category,
  price: errors.price,
  original_price: errors.originalPrice,
  image_url: errors.imageUrl,
  image_url_format: errors.imageUrlFormat,
  stock_count: errors.stockCount,
  purchase_limit: errors.purchaseLimit,
};

/** A new product starts with price 0, stock 0 and in stock. */
export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    description: '',
    category_id: '',
    subcategory_id: '',
    price: '0',
    original_price: '',
    image_url: '',
    images: [],
    features: [],
    specifications: {},
    tags: [],
    stock_count: '0',
    purchase_limit: '',
    in_stock: true,
  };
}

export function productFormFromRow(row: Tables<'products'>): ProductFormValues {
  return {
    name: row.name,
    description: row.description,
    category_id: row.category_id,
    subcategory_id: row.subcategory_id ?? '',
    price: String(row.price),
    original_price: row.original_price == null ? '' : String(row.original_price),
    image_url: row.image_url,
    images: normaliseList(row.images ?? [], { unique: true }),
    features: normaliseList(row.features ?? [], { unique: false }),
    specifications: toSpecifications(row.specifications),
    tags: normaliseList(row.tags ?? [], { unique: true }),
    stock_count: String(row.stock_count),
    purchase_limit: row.purchase_limit == null ? '' : String(row.purchase_limit),
    in_stock: row.in_stock,
  };
}

/** Changing the category clears the subcategory (its choices belong to the old category). */
export function changeCategory(values: ProductFormValues, categoryId: string): ProductFormValues {
  if (categoryId === values.category_id) return values;
  return { ...values, category_id: categoryId, subcategory_id: '' };
}

function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Name, description, category and a price above 0 are required, else the summary
 * message; the main image URL is required and must be a URL; original price optional and >= 0; stock
 * count a whole number >= 0; the purchase limit empty (no limit) or a whole number from 1 to 999.
 */
export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  const fields: ProductFormErrors['fields'] = {};
  if (!values.name.trim()) fields.name = FIELD_MESSAGES.name;
  if (!values.description.trim()) fields.description = FIELD_MESSAGES.description;
  if (!values.category_id) fields.category_id = FIELD_MESSAGES.category_id;
  const price = parseNumber(values.price);
  if (price === null || price <= 0) fields.price = FIELD_MESSAGES.price;
  const requiredMissing = Object.keys(fields).length > 0;

  if (!values.image_url.trim()) fields.image_url = FIELD_MESSAGES.image_url;
  else if (!isHttpUrl(values.image_url)) fields.image_url = FIELD_MESSAGES.image_url_format;
  if (values.original_price.trim() !== '') {
    const original = parseNumber(values.original_price);
    if (original === null || original < 0) fields.original_price = FIELD_MESSAGES.original_price;
  }
  const stock = parseNumber(values.stock_count);
  if (stock === null || !Number.isInteger(stock) || stock < 0)
    fields.stock_count = FIELD_MESSAGES.stock_count;
  if (values.purchase_limit.trim() !== '') {
    const limit = parseNumber(values.purchase_limit);
    if (limit === null || !Number.isInteger(limit) || limit < 1 || limit > MAX_PURCHASE_LIMIT)
      fields.purchase_limit = FIELD_MESSAGES.purchase_limit;
  }

  const required = requiredMissing || fields.image_url === FIELD_MESSAGES.image_url;
  const first = Object.values(fields)[0] ?? null;
  return { summary: required ? REQUIRED_FIELDS_MESSAGE : first, fields };
}

/**
 * Adds an additional image address: trimmed, empties ignored, no duplicates, and it must be an
 * http(s) URL (the error is returned instead of adding it).
 */
export function addImageUrl(
  images: readonly string[],
  input: string,
): { images: string[]; error: string | null } {
  const value = input.trim();
  if (value && !isHttpUrl(value)) return { images: [...images], error: FIELD_MESSAGES.image_url_format };
  return { images: addListItem(images, value, { unique: true }), error: null };
}

/** The row to insert or update: trimmed texts, numbers, and null for an empty original price or subcategory. */
export function toProductPayload(values: ProductFormValues): ProductPayload {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    category_id: values.category_id,
    subcategory_id: values.subcategory_id || null,
    price: parseNumber(values.price) ?? 0,
    original_price: parseNumber(values.original_price),
    image_url: values.image_url.trim(),
    images: normaliseList(values.images, { unique: true }),
    features: normaliseList(values.features, { unique: false }),
    specifications: values.specifications,
    tags: normaliseList(values.tags, { unique: true }),
    in_stock: values.in_stock,
    stock_count: parseNumber(values.stock_count) ?? 0,
    purchase_limit: parseNumber(values.purchase_limit),
  };
}
