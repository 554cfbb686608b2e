import { persistentAtom } from '@nanostores/persistent';
import { atom, computed, onMount } from 'nanostores';
import { isUuid } from '../domain/slug';
import { loadSupabase } from '../supabase/client';
import { addToCart, type CartProduct } from './cart';
import { $customer, type Customer } from './session';

/** One saved product and the facts when it was saved (to tell what changed since). */
export interface WishlistEntry {
  productId: string;
  addedAt: string;
  priceAtAdd: number;
  inStockAtAdd: boolean;
}

/** What saving a product needs to know about it. */
export interface WishlistProduct {
  id: string;
  price: number;
  inStock: boolean;
}

/** 'loading' while a signed-in customer's list is fetched (and the browser's merged into it). */
export type WishlistStatus = 'loading' | 'ready' | 'error';

export const WISHLIST_STORAGE_KEY = 'readystock:wishlist';
/** The database refuses more (wishlist_items_set_facts); the browser list keeps the same cap. */
export const MAX_WISHLIST_ITEMS = 200;
export const WISHLIST_FULL_MESSAGE = `Your wishlist is full (${MAX_WISHLIST_ITEMS} products). Remove some to save more.`;

function parseEntry(value: unknown): WishlistEntry | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { productId, addedAt, priceAtAdd, inStockAtAdd } = value as Record<string, unknown>;
  if (typeof productId !== 'string' || !isUuid(productId)) return null;
  if (typeof priceAtAdd !== 'number' || !Number.isFinite(priceAtAdd) || priceAtAdd < 0) return null;
  const time = typeof addedAt === 'string' ? Date.parse(addedAt) : Number.NaN;
  return {
    productId: productId.toLowerCase(),
    addedAt: Number.isNaN(time) ? new Date(0).toISOString() : new Date(time).toISOString(),
    priceAtAdd,
    inStockAtAdd: inStockAtAdd !== false,
  };
}

/** Reads the stored JSON list; anything broken or hostile yields an empty list rather than an error. */
export function decodeWishlist(raw: string): WishlistEntry[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const entries: WishlistEntry[] = [];
    for (const value of parsed) {
      const entry = parseEntry(value);
      if (entry && !entries.some((e) => e.productId === entry.productId)) entries.push(entry);
      if (entries.length === MAX_WISHLIST_ITEMS) break;
    }
    return entries;
  } catch {
    return [];
  }
}

/** A visitor's wishlist, kept in this browser (shared by its tabs) until they sign in. */
export const $browserWishlist = persistentAtom<WishlistEntry[]>(WISHLIST_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeWishlist,
});

interface AccountWishlist {
  userId: string;
  status: WishlistStatus;
  entries: WishlistEntry[];
}

/** The signed-in customer's wishlist as last read from (or optimistically written to) the database. */
const $accountWishlist = atom<AccountWishlist | null>(null);

/**
 * The wishlist of whoever uses the page, newest first: the signed-in customer's rows in the database,
 * or a visitor's list in the browser. On sign-in the browser's list is merged into the account and
 * cleared; on sign-out the page returns to the (then empty) browser list.
 */
export const $wishlist = computed(
  [$customer, $browserWishlist, $accountWishlist],
  (customer, browser, account): WishlistEntry[] =>
    customer ? (account?.userId === customer.id ? account.entries : []) : browser,
);

export const $wishlistStatus = computed([$customer, $accountWishlist], (customer, account): WishlistStatus =>
  customer ? (account?.userId === customer.id ? account.status : 'loading') : 'ready',
);

/** The saved product ids, for the hearts. */
export const $wishlistIds = computed($wishlist, (entries) => new Set(entries.map((e) => e.productId)));

export const $wishlistCount = computed($wishlist, (entries) => entries.length);

interface WishlistRow {
  product_id: string;
  added_at: string;
  price_at_add: number | string;
  in_stock_at_add: boolean;
}

function fromRow(row: WishlistRow): WishlistEntry {
  return {
    productId: row.product_id,
    addedAt: row.added_at,
    priceAtAdd: Number(row.price_at_add),
    inStockAtAdd: row.in_stock_at_add,
  };
}

// Database calls for one account run one after another, so their answers arrive in order; a list
// answer replaces the optimistic state only when no later call is waiting.
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

function enqueue<T>(job: () => Promise<T>): Promise<T> {
  waiting += 1;
  const run = queue.then(job, job);
  queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run.finally(() => {
    waiting -= 1;
  });
}

function updateAccount(userId: string, change: (account: AccountWishlist) => AccountWishlist): void {
  const account = $accountWishlist.get();
  if (account?.userId === userId) $accountWishlist.set(change(account));
}

/** merge_wishlist: adds the ids (unknown ones are ignored) and returns the whole list. */
async function mergeIntoAccount(userId: string, ids: string[]): Promise<void> {
  const { data, error } = await (await loadSupabase()).rpc('merge_wishlist', { p_product_ids: ids });
  if (error) throw new Error(error.message);
  if (waiting === 1) {
    updateAccount(userId, () => ({ userId, status: 'ready', entries: (data ?? []).map(fromRow) }));
  }
}

/** Loads the customer's wishlist, first merging in what the browser kept (then cleared). */
function followCustomer(customer: Customer | null): void {
  if (!customer) {
    $accountWishlist.set(null);
    return;
  }
  if ($accountWishlist.get()?.userId === customer.id) return;
  const userId = customer.id;
  $accountWishlist.set({ userId, status: 'loading', entries: [] });
  void enqueue(async () => {
    const browser = $browserWishlist.get();
    await mergeIntoAccount(
      userId,
      browser.map((e) => e.productId),
    );
    if (browser.length > 0 && $customer.get()?.id === userId) $browserWishlist.set([]);
    updateAccount(userId, (account) => ({ ...account, status: 'ready' }));
  }).catch((error: unknown) => {
    console.error('Loading the wishlist failed', error);
    updateAccount(userId, (account) => ({ ...account, status: 'error' }));
  });
}

onMount($wishlist, () => $customer.subscribe(followCustomer));

/** Loads the signed-in customer's wishlist again (after an error). */
export function reloadWishlist(): void {
  const customer = $customer.get();
  if (!customer) return;
  $accountWishlist.set(null);
  followCustomer(customer);
}

/** Saves a product (a no-op when it is saved already). Rejects with a message to show when it fails. */
export async function addToWishlist(product: WishlistProduct): Promise<void> {
  const entry: WishlistEntry = {
    productId: product.id,
    addedAt: new Date().toISOString(),
    priceAtAdd: product.price,
    inStockAtAdd: product.inStock,
  };
  const customer = $customer.get();
  if (!customer) {
    const list = $browserWishlist.get();
    if (list.some((e) => e.productId === product.id)) return;
    if (list.length >= MAX_WISHLIST_ITEMS) throw new Error(WISHLIST_FULL_MESSAGE);
    $browserWishlist.set([entry, ...list]);
    return;
  }
  const userId = customer.id;
  if ($wishlistIds.get().has(product.id)) return;
  updateAccount(userId, (account) => ({ ...account, entries: [entry, ...account.entries] }));
  try {
    await enqueue(() => mergeIntoAccount(userId, [product.id]));
  } catch (error) {
    updateAccount(userId, (account) => ({
      ...account,
      entries: account.entries.filter((e) => e.productId !== product.id),
    }));
    throw error;
  }
}

/** Removes a saved product. Rejects with a message to show when it fails (the product stays saved). */
export async function removeFromWishlist(productId: string): Promise<void> {
  const customer = $customer.get();
  if (!customer) {
    $browserWishlist.set($browserWishlist.get().filter((e) => e.productId !== productId));
    return;
  }
  const userId = customer.id;
  const account = $accountWishlist.get();
  const removed =
    account?.userId === userId ? account.entries.find((e) => e.productId === productId) : undefined;
  const without = (entries: WishlistEntry[]) => entries.filter((e) => e.productId !== productId);
  updateAccount(userId, (current) => ({ ...current, entries: without(current.entries) }));
  try {
    await enqueue(async () => {
      const { error } = await (
        await loadSupabase()
      )
        .from('wishlist_items')
        .delete()
        .eq('user_id', userId)
        .eq('product_id', productId);
      if (error) throw new Error(error.message);
    });
  } catch (error) {
    if (removed) {
      updateAccount(userId, (current) => ({ ...current, entries: [removed, ...without(current.entries)] }));
    }
    throw error;
  }
}

/** Saves the product or removes it; resolves to true when it is now saved. */
export async function toggleWishlist(product: WishlistProduct): Promise<boolean> {
  if ($wishlistIds.get().has(product.id)) {
    await removeFromWishlist(product.id);
    return false;
  }
  await addToWishlist(product);
  return true;
}

/** 'Move to cart': one unit into the cart through the bus, then out of the wishlist. */
export async function moveWishlistItemToCart(product: CartProduct): Promise<void> {
  addToCart(product);
  await removeFromWishlist(product.id);
}
