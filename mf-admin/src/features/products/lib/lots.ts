import type { Tables } from '@prepper/shared';
import { parseIsoDate } from '@prepper/shared/lots';
import { productTexts } from '../texts';

const errors = productTexts.lots.errors;

/** One lot as the Inventory section edits it; numbers and dates are kept as typed. */
export interface LotDraft {
  /** Stable React key (the lot id, or a new one for an added lot). */
  key: string;
  /** The lot's id when it is saved already. */
  id: string | null;
  lot_code: string;
  quantity: string;
  /** 'YYYY-MM-DD' or '' (no best-before, e.g. a radio). */
  best_before: string;
  /** 'YYYY-MM-DD' or '' (today). */
  received_on: string;
  /** The quantity when the form loaded it: the save is refused if an order took from the lot since. */
  expected_quantity: number | null;
}

export type LotField = 'lot_code' | 'quantity' | 'best_before' | 'received_on';
export type LotErrors = Record<string, Partial<Record<LotField, string>>>;

/** Most units one lot may hold (admin_save_product_lots). */
export const MAX_LOT_QUANTITY = 1_000_000;
export const MAX_LOT_CODE_LENGTH = 64;

let added = 0;

/** An empty new lot received today. */
export function newLotDraft(today: string): LotDraft {
  added += 1;
  return {
    key: `new-${added}`,
    id: null,
    lot_code: '',
    quantity: '0',
    best_before: '',
    received_on: today,
    expected_quantity: null,
  };
}

export function lotDraftsFromRows(rows: readonly Tables<'product_lots'>[]): LotDraft[] {
  return rows.map((row) => ({
    key: row.id,
    id: row.id,
    lot_code: row.lot_code,
    quantity: String(row.quantity),
    best_before: row.best_before ?? '',
    received_on: row.received_on,
    expected_quantity: row.quantity,
  }));
}

function wholeQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MAX_LOT_QUANTITY ? value : null;
}

/**
 * The lot rules (the same as admin_save_product_lots): a lot code (unique per product, case-insensitive,
 * at most 64 characters), a whole quantity from 0, an optional real best-before date, an optional
 * received date not in the future, and a best-before not before the received date. `today` is
 * 'YYYY-MM-DD'. Returns the errors per lot key and the first message, or null when all are valid.
 */
export function validateLots(
  drafts: readonly LotDraft[],
  today: string,
): { errors: LotErrors; first: string | null } {
  const result: LotErrors = {};
  const seen = new Set<string>();
  for (const draft of drafts) {
    const lot: Partial<Record<LotField, string>> = {};
    const code = draft.lot_code.trim();
    if (!code) lot.lot_code = errors.codeRequired;
    else if (code.length > MAX_LOT_CODE_LENGTH) lot.lot_code = errors.codeTooLong;
    else if (seen.has(code.toLowerCase())) lot.lot_code = errors.codeDuplicate;
    seen.add(code.toLowerCase());
    if (wholeQuantity(draft.quantity) === null) lot.quantity = errors.quantity;
    const bestBefore = draft.best_before.trim();
    const received = draft.received_on.trim();
    if (bestBefore && !parseIsoDate(bestBefore)) lot.best_before = errors.date;
    if (received && !parseIsoDate(received)) lot.received_on = errors.date;
    else if (received && received > today) lot.received_on = errors.receivedFuture;
    if (!lot.best_before && !lot.received_on && bestBefore && received && bestBefore < received)
      lot.best_before = errors.bestBeforeBeforeReceived;
    if (Object.keys(lot).length > 0) result[draft.key] = lot;
  }
  const first = Object.values(result).flatMap((lot) => Object.values(lot))[0] ?? null;
  return { errors: result, first };
}

/** The p_lots argument of admin_save_product_lots. */
export function toLotsPayload(drafts: readonly LotDraft[]) {
  return drafts.map((draft) => ({
    ...(draft.id ? { id: draft.id, expected_quantity: draft.expected_quantity } : {}),
    lot_code: draft.lot_code.trim(),
    quantity: wholeQuantity(draft.quantity) ?? 0,
    best_before: draft.best_before.trim() || null,
    received_on: draft.received_on.trim() || null,
  }));
}

/** Whether the lots differ from those loaded (nothing to save otherwise). */
export function lotsChanged(drafts: readonly LotDraft[], loaded: readonly LotDraft[]): boolean {
  if (drafts.length !== loaded.length) return true;
  return drafts.some((draft, index) => {
    const before = loaded[index];
    return (
      !before ||
      draft.id !== before.id ||
      draft.lot_code.trim() !== before.lot_code ||
      draft.quantity.trim() !== before.quantity ||
      draft.best_before.trim() !== before.best_before ||
      draft.received_on.trim() !== before.received_on
    );
  });
}

/** The stock the lots add up to (invalid quantities count 0). */
export function lotsTotal(drafts: readonly LotDraft[]): number {
  return drafts.reduce((sum, draft) => sum + (wholeQuantity(draft.quantity) ?? 0), 0);
}

/** Today in the shop's calendar (UTC, as the database's current_date on a hosted project). */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
