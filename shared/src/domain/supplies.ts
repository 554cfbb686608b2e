/**
 * My Supplies and rotation reminders (supabase/schemas/supplies.sql): how a customer's dated supplies
 * are marked and grouped, the reminder windows, and the reminder e-mail's reorder link. A subpath entry
 * (`@prepper/shared/supplies`), so only the account and cart remotes bundle it.
 */
import { parseIsoDate } from './lots';

/** Supplies within this many days of their best-before are marked "Within 90 days". */
export const SUPPLY_SOON_DAYS = 90;

export type SupplyStatus = 'expired' | 'soon' | 'fine';

export const supplyStatusLabel: Record<SupplyStatus, string> = {
  expired: 'Expired',
  soon: `Within ${SUPPLY_SOON_DAYS} days`,
  fine: 'Fine',
};

/** The reminder windows a customer chooses from (days before best-before); 0 is off. */
export const REMINDER_WINDOWS = [30, 60, 90] as const;
export const DEFAULT_REMINDER_WINDOW = 60;

export type SupplyMark = 'used_up' | 'given_away';

export const supplyMarkLabel: Record<SupplyMark, string> = {
  used_up: 'Used up',
  given_away: 'Given away',
};

/** Whole days from `today` to `bestBefore` (both 'YYYY-MM-DD'); negative once past; null for a bad date. */
export function daysUntil(bestBefore: string, today: string): number | null {
  const a = parseIsoDate(bestBefore);
  const b = parseIsoDate(today);
  if (!a || !b) return null;
  return Math.round(
    (Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day)) / 86_400_000,
  );
}

/**
 * Expired once the best-before day has passed (the day itself is still good, as lots ship on it),
 * "within 90 days" up to 90 days ahead, else fine.
 */
export function supplyStatus(bestBefore: string, today: string): SupplyStatus {
  const days = daysUntil(bestBefore, today) ?? 0;
  if (days < 0) return 'expired';
  return days <= SUPPLY_SOON_DAYS ? 'soon' : 'fine';
}

/** Today's date as 'YYYY-MM-DD' in UTC, the day the database's reminder job counts in. */
export function isoDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export interface SupplyItem {
  itemId: string;
  productId: string | null;
  productName: string;
  quantity: number;
  lotCode: string;
  bestBefore: string;
  mark: SupplyMark | null;
}

export interface SupplyGroup<T extends SupplyItem = SupplyItem> {
  key: string;
  productId: string | null;
  productName: string;
  /** The earliest best-before among the group's items still in hand (unmarked), else among all. */
  firstBestBefore: string;
  /** Units still in hand (unmarked items). */
  quantity: number;
  items: T[];
}

/**
 * The supplies grouped by product: each group's items earliest best-before first, the groups by what
 * expires first among what is still in hand; groups where everything is used up or given away last.
 */
export function groupSupplies<T extends SupplyItem>(items: readonly T[]): SupplyGroup<T>[] {
  const groups = new Map<string, SupplyGroup<T>>();
  const sorted = [...items].sort(
    (a, b) => a.bestBefore.localeCompare(b.bestBefore) || a.lotCode.localeCompare(b.lotCode),
  );
  for (const item of sorted) {
    const key = item.productId ?? `name:${item.productName}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        productId: item.productId,
        productName: item.productName,
        firstBestBefore: '',
        quantity: 0,
        items: [],
      };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  for (const group of groups.values()) {
    const inHand = group.items.filter((item) => item.mark === null);
    group.quantity = inHand.reduce((sum, item) => sum + item.quantity, 0);
    group.firstBestBefore = (inHand[0] ?? group.items[0])!.bestBefore;
  }
  return [...groups.values()].sort(
    (a, b) =>
      Number(a.quantity === 0) - Number(b.quantity === 0) ||
      a.firstBestBefore.localeCompare(b.firstBestBefore) ||
      a.productName.localeCompare(b.productName),
  );
}

/** The account remote's My Supplies page (the registry's path for it). */
export const SUPPLIES_PATH = '/account/supplies';

// The reorder link ---------------------------------------------------------------------------------

/**
 * The cart remote's page behind the reminder e-mail's "Reorder these" (the registry's path for it), with
 * the first REORDER_MAX_PRODUCTS products: the page takes no more, and each id adds about 40 bytes to the
 * address (a digest of 200 products made one of 8 kB, what proxies and many mail clients cut or refuse).
 */
export function reorderPath(productIds: readonly string[], reminder?: string): string {
  const query = new URLSearchParams({ products: productIds.slice(0, REORDER_MAX_PRODUCTS).join(',') });
  if (reminder) query.set('reminder', reminder);
  return `/checkout/reorder?${query.toString()}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** At most this many products from one link. */
export const REORDER_MAX_PRODUCTS = 50;

/** The products (distinct ids, in order) and the reminder e-mail's id of a reorder link's query. */
export function parseReorderQuery(search: string | URLSearchParams): {
  productIds: string[];
  reminder: string | null;
} {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const productIds = [
    ...new Set(
      (query.get('products') ?? '')
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter((id) => UUID.test(id)),
    ),
  ].slice(0, REORDER_MAX_PRODUCTS);
  const reminder = query.get('reminder')?.trim().toLowerCase() ?? '';
  return { productIds, reminder: UUID.test(reminder) ? reminder : null };
}

export interface ReorderProduct {
  id: string;
  name: string;
  inStock: boolean;
  stockCount: number;
}

/**
 * What a reorder link puts in the cart: one of each product that is in stock, in the link's order;
 * the rest (sold out, or no longer sold) are named in `unavailable` for the note.
 */
export function reorderLines<P extends ReorderProduct>(
  productIds: readonly string[],
  products: readonly P[],
): { add: P[]; unavailable: { id: string; name: string | null }[] } {
  const byId = new Map(products.map((product) => [product.id, product]));
  const add: P[] = [];
  const unavailable: { id: string; name: string | null }[] = [];
  for (const id of productIds) {
    const product = byId.get(id);
    if (product && product.inStock && product.stockCount > 0) add.push(product);
    else unavailable.push({ id, name: product?.name ?? null });
  }
  return { add, unavailable };
}

/** Where the cart keeps a reorder link's reminder id until the order is placed (session storage). */
export const REMINDER_SOURCE_KEY = 'prepper:reorder-reminder';
