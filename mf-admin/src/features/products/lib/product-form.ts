import * as v from 'valibot';
import type { Tables, TablesInsert } from '@prepper/shared';
import { SUPPLY_KINDS, type SupplyKind } from '@prepper/shared/kit';
import { productTexts } from '../texts';
import { addListItem, normaliseList } from './list-items';
import { toSpecifications, type Specifications } from './specifications';

/** What the product form edits. Number inputs are kept as the text typed, converted on save. */
export interface ProductFormValues {
  name: string;
  /** The stock-keeping unit; '' on a new product = the database gives the next RS- number. */
  sku: string;
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
  /** The kit builder's facts; '' = not stated. */
  supply_kind: SupplyKind | '';
  servings_per_unit: string;
  calories_per_unit: string;
  water_litres_per_unit: string;
  person_days_per_unit: string;
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
  | 'supply_kind'
  | 'servings_per_unit'
  | 'calories_per_unit'
  | 'water_litres_per_unit'
  | 'person_days_per_unit'
> & { subcategory_id: string | null; original_price: number | null; sku?: string };

export type ProductField =
  | 'name'
  | 'sku'
  | 'description'
  | 'category_id'
  | 'price'
  | 'original_price'
  | 'image_url'
  | 'stock_count'
  | 'purchase_limit'
  | 'servings_per_unit'
  | 'calories_per_unit'
  | 'water_litres_per_unit'
  | 'person_days_per_unit';

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
  sku: errors.sku,
  description: errors.description,
  category_id: errors.category,
  price: errors.price,
  original_price: errors.originalPrice,
  image_url: errors.imageUrl,
  image_url_format: errors.imageUrlFormat,
  stock_count: errors.stockCount,
  purchase_limit: errors.purchaseLimit,
  servings_per_unit: errors.servings,
  calories_per_unit: errors.calories,
  water_litres_per_unit: errors.waterLitres,
  person_days_per_unit: errors.personDays,
};

/** The database's limits of the kit facts: integer columns, numeric(10, 2) litres, numeric(6, 1) days. */
export const KIT_FACT_LIMITS = { whole: 2_147_483_647, litres: 99_999_999.99, personDays: 99_999.9 } as const;

/**
 * What products_sku_check accepts: a letter or digit, then letters, digits and . _ / -, 64 at most.
 * The column is unique too (products_sku_key): a SKU another product has is refused with 23505.
 */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

/** Whether a save was refused because another product already has the SKU (products_sku_key). */
export function isDuplicateSku(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
  return code === '23505' && /products_sku_key|\(sku\)/.test(`${String(message)} ${String(details)}`);
}

/** A new product starts with price 0, stock 0 and in stock. */
export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    sku: '',
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
    supply_kind: '',
    servings_per_unit: '',
    calories_per_unit: '',
    water_litres_per_unit: '',
    person_days_per_unit: '',
  };
}

/**
 * A products row as `select('*')` gives it: the table's columns. The generated Row also lists the
 * computed fields waitlist_held_units and waitlist_sold_out (the storefront's) and sku_lower (the search's),
 * which `*` leaves out.
 */
export type ProductRecord = Omit<
  Tables<'products'>,
  'waitlist_held_units' | 'waitlist_sold_out' | 'sku_lower'
>;

export function productFormFromRow(row: ProductRecord): ProductFormValues {
  return {
    name: row.name,
    sku: row.sku,
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
    supply_kind: isSupplyKind(row.supply_kind) ? row.supply_kind : '',
    servings_per_unit: optionalText(row.servings_per_unit),
    calories_per_unit: optionalText(row.calories_per_unit),
    water_litres_per_unit: optionalText(row.water_litres_per_unit),
    person_days_per_unit: optionalText(row.person_days_per_unit),
  };
}

function isSupplyKind(value: string | null): value is SupplyKind {
  return (SUPPLY_KINDS as readonly (string | null)[]).includes(value);
}

const optionalText = (value: number | null): string => (value == null ? '' : String(value));

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

/** At most `places` decimals (a database numeric(p, places) would round more). */
const hasPlaces = (value: number, places: number) =>
  Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6;

const REQUIRED_FIELDS: readonly ProductField[] = ['name', 'description', 'category_id', 'price'];

const isWhole = (value: number | null, min: number, max = Infinity): value is number =>
  value !== null && Number.isInteger(value) && value >= min && value <= max;

/** A number typed as text that may be left empty (null), checked as typed: 'abc' is not empty. */
const optionalNumber = (valid: (value: number) => boolean, message: string) =>
  v.pipe(
    v.string(),
    v.check(
      (text) => text.trim() === '' || (parseNumber(text) !== null && valid(parseNumber(text)!)),
      message,
    ),
    v.transform(parseNumber),
  );

const list = (unique: boolean) =>
  v.pipe(
    v.array(v.string()),
    v.transform((items) => normaliseList(items, { unique })),
  );

/**
 * The product form as one schema: what the form's values must be (name, description,
 * category and a price above 0 are required; the main image URL is required and must be a URL; original
 * price optional and >= 0; stock count a whole number >= 0; the purchase limit empty or a whole number
 * from 1 to 999) and the row they save as (trimmed texts, numbers, null for what was left empty). The
 * keys are in the order the form shows them, which is the order its errors are announced in.
 */
export const ProductFormSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_MESSAGES.name)),
  sku: v.pipe(
    v.string(),
    v.trim(),
    v.check((sku) => sku === '' || SKU_PATTERN.test(sku), FIELD_MESSAGES.sku),
    v.transform((sku) => sku || undefined),
  ),
  description: v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_MESSAGES.description)),
  category_id: v.pipe(v.string(), v.nonEmpty(FIELD_MESSAGES.category_id)),
  price: v.pipe(
    v.string(),
    v.transform(parseNumber),
    v.check((price) => price !== null && price > 0, FIELD_MESSAGES.price),
    v.transform((price) => price ?? 0),
  ),
  image_url: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.image_url),
    v.check((url) => url === '' || isHttpUrl(url), FIELD_MESSAGES.image_url_format),
  ),
  original_price: optionalNumber((price) => price >= 0, FIELD_MESSAGES.original_price),
  stock_count: v.pipe(
    v.string(),
    v.transform(parseNumber),
    v.check((stock) => isWhole(stock, 0), FIELD_MESSAGES.stock_count),
    v.transform((stock) => stock ?? 0),
  ),
  purchase_limit: optionalNumber(
    (limit) => isWhole(limit, 1, MAX_PURCHASE_LIMIT),
    FIELD_MESSAGES.purchase_limit,
  ),
  supply_kind: v.pipe(
    v.picklist(['', ...SUPPLY_KINDS]),
    v.transform((kind) => (kind === '' ? null : kind)),
  ),
  servings_per_unit: optionalNumber(
    (servings) => isWhole(servings, 1, KIT_FACT_LIMITS.whole),
    FIELD_MESSAGES.servings_per_unit,
  ),
  calories_per_unit: optionalNumber(
    (calories) => isWhole(calories, 1, KIT_FACT_LIMITS.whole),
    FIELD_MESSAGES.calories_per_unit,
  ),
  water_litres_per_unit: optionalNumber(
    (litres) => litres > 0 && litres <= KIT_FACT_LIMITS.litres && hasPlaces(litres, 2),
    FIELD_MESSAGES.water_litres_per_unit,
  ),
  person_days_per_unit: optionalNumber(
    (days) => days > 0 && days <= KIT_FACT_LIMITS.personDays && hasPlaces(days, 1),
    FIELD_MESSAGES.person_days_per_unit,
  ),
  subcategory_id: v.pipe(
    v.string(),
    v.transform((id) => id || null),
  ),
  images: list(true),
  features: list(false),
  specifications: v.custom<Specifications>(() => true),
  tags: list(true),
  in_stock: v.boolean(),
});

/**
 * The form's errors from the schema: the first message of each field, and the summary to announce (the
 * required-fields message when something required is missing, else the first problem). A saved product
 * always has a SKU (`editing`): emptying it is an error, only a new product may leave it to the database.
 */
export function validateProductForm(
  values: ProductFormValues,
  { editing = false }: { editing?: boolean } = {},
): ProductFormErrors {
  const result = v.safeParse(ProductFormSchema, values);
  const fields: ProductFormErrors['fields'] = {};
  for (const issue of result.issues ?? []) {
    const field = v.getDotPath(issue) as ProductField | null;
    if (field && !(field in fields)) fields[field] = issue.message;
  }
  if (editing && values.sku.trim() === '') fields.sku = errors.skuRequired;
  const required =
    REQUIRED_FIELDS.some((field) => field in fields) ||
    fields.image_url === FIELD_MESSAGES.image_url ||
    fields.sku === errors.skuRequired;
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

/** The row to insert or update, from the schema (valid values only: the form validates first). */
export function toProductPayload(values: ProductFormValues): ProductPayload {
  const { sku, ...payload } = v.parse(ProductFormSchema, values);
  // An empty SKU is left out: a new product then takes the next RS- number (the column's default).
  return sku === undefined ? payload : { ...payload, sku };
}
