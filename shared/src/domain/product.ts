import type { Json, Tables } from '../database.types';
import { productSlug } from './slug';

/** The storefront's product shape (client-side names). */
export interface Product {
  id: string;
  slug: string;
  name: string;
  price: number;
  originalPrice: number | null;
  description: string;
  categoryId: string;
  category: string;
  categorySlug: string | null;
  subcategoryId: string | null;
  subcategory: string | null;
  subcategorySlug: string | null;
  image: string;
  images: string[];
  /** Whether the shopper can buy it now: false too while every unit is held for the waitlist. */
  inStock: boolean;
  /** The units the shopper can buy: the stock less those held for other people (`held`). */
  stockCount: number;
  /** Emergency mode: units held for customers on the product's waitlist (a storefront read; else 0). */
  held?: number;
  /** The signed-in holder's own held units, put back into stockCount by the product page (theirs to buy). */
  ownHeld?: number;
  rating: number;
  reviewCount: number;
  features: string[];
  specifications: Record<string, string>;
  tags: string[];
  createdAt: string;
}

/** What a product row embeds of its category and subcategory (the link needs the slug). */
const NAMED = 'name, slug';

/**
 * The storefront's one product select: every column, the units held for other people's waitlist holds
 * (emergency mode; mapProduct takes them off the stock), and the category's and subcategory's name and slug.
 */
export const PRODUCT_SELECT =
  `*, waitlist_held_units, category:categories(${NAMED}), subcategory:subcategories(${NAMED})` as const;

/**
 * PRODUCT_SELECT with both relations required (featured products are inner-joined: one without its
 * category or subcategory never shows).
 */
export const PRODUCT_SELECT_INNER =
  `*, waitlist_held_units, category:categories!inner(${NAMED}), subcategory:subcategories!inner(${NAMED})` as const;

/** The kit builder's columns (`@prepper/shared/kit` reads them); the storefront's product shape has none. */
type KitFactColumn =
  | 'supply_kind'
  | 'servings_per_unit'
  | 'calories_per_unit'
  | 'water_litres_per_unit'
  | 'person_days_per_unit';

interface Named {
  name: string;
  slug: string | null;
}

/**
 * A products row as PRODUCT_SELECT gives it (a row from search_products is mapped into it). search_text
 * and search_vector are internal to the database search and search_products returns neither them nor
 * purchase_limit (enforced by place_order, shown by checkout_quote), so all three are optional here; nor
 * sku, which only the back office's CSV work reads.
 */
export type ProductRow = Omit<
  Tables<'products'>,
  | 'search_text'
  | 'search_vector'
  | 'purchase_limit'
  | 'specifications'
  | 'sku'
  | 'sku_lower'
  | 'waitlist_held_units'
  | 'waitlist_sold_out'
  | KitFactColumn
> & {
  /** Any JSON: a function's result row (search_products) types it as nullable; mapProduct checks it. */
  specifications: Json;
  search_text?: string | null;
  search_vector?: string | null;
  purchase_limit?: number | null;
  sku?: string;
  /** PRODUCT_SELECT's computed field (waitlist_held_units): units held for other waitlist subscribers. */
  waitlist_held_units?: number | null;
  category: Named | null;
  subcategory: Named | null;
};

function toSpecifications(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const result: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== null && entry !== undefined) result[key] = String(entry);
  }
  return result;
}

/**
 * The one mapper from a database row to the client shape. Units held for other people's waitlist holds
 * are not for this shopper: they come off the stock, and a product whose every unit is held is not in
 * stock for them (it shows as held, and its waitlist is open).
 */
export function mapProduct(row: ProductRow): Product {
  const { category, subcategory } = row;
  const images = (row.images ?? []).filter(Boolean);
  // Never more than stock_count (the database caps it).
  const held = row.waitlist_held_units ?? 0;
  const stockCount = row.stock_count - held;
  return {
    id: row.id,
    slug: productSlug(row.name, row.id),
    name: row.name,
    price: Number(row.price),
    originalPrice: row.original_price == null ? null : Number(row.original_price),
    description: row.description,
    categoryId: row.category_id,
    category: category?.name ?? '',
    categorySlug: category?.slug ?? null,
    subcategoryId: row.subcategory_id,
    subcategory: subcategory?.name ?? null,
    subcategorySlug: subcategory?.slug ?? null,
    image: row.image_url,
    images: images.length > 0 ? images : [row.image_url],
    inStock: row.in_stock && (stockCount > 0 || !held),
    stockCount,
    held,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    features: row.features ?? [],
    specifications: toSpecifications(row.specifications),
    tags: row.tags ?? [],
    createdAt: row.created_at,
  };
}
