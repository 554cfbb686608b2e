import { formatPrice } from '@prepper/shared';
import * as v from 'valibot';
import { promotionTexts } from '../texts';

const e = promotionTexts.errors;

export const PROMOTION_KINDS = ['percent', 'amount', 'free_shipping'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** A row of public.promotions as the back office reads and writes it. */
export interface PromotionRow {
  id: string;
  code: string;
  kind: PromotionKind;
  value: number | null;
  min_subtotal: number | null;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  category_ids: string[];
  product_ids: string[];
  active: boolean;
  description: string;
  created_at: string;
}

/** What the form keeps: the text typed in each field, valid or not. */
export interface PromotionFormValues {
  code: string;
  description: string;
  kind: PromotionKind;
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  categoryIds: string[];
  products: { id: string; name: string }[];
  active: boolean;
}

export type PromotionField = Exclude<
  keyof PromotionFormValues,
  'categoryIds' | 'products' | 'active' | 'kind'
>;
export type PromotionFormErrors = Partial<Record<PromotionField, string>>;

/** The columns a save writes (id and created_at are the database's). */
export type PromotionWrite = Omit<PromotionRow, 'id' | 'created_at'>;

export const emptyPromotionForm: PromotionFormValues = {
  code: '',
  description: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  categoryIds: [],
  products: [],
  active: true,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the browser's time zone ('2026-12-01T09:30'). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function promotionFormFromRow(
  row: PromotionRow,
  productNames: Record<string, string> = {},
): PromotionFormValues {
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value === null ? '' : String(row.value),
    minSubtotal: row.min_subtotal === null ? '' : String(row.min_subtotal),
    startsAt: toLocalInput(row.starts_at),
    endsAt: toLocalInput(row.ends_at),
    usageLimit: row.usage_limit === null ? '' : String(row.usage_limit),
    perCustomerLimit: row.per_customer_limit === null ? '' : String(row.per_customer_limit),
    categoryIds: row.category_ids,
    products: row.product_ids.map((id) => ({ id, name: productNames[id] ?? id })),
    active: row.active,
  };
}

const money = (message: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+(\.\d{1,2})?$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

const whole = (message: string, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, message),
    v.transform(Number),
    v.minValue(1, message),
    v.maxValue(max, message),
  );

const optional = <T extends v.GenericSchema<string, unknown>>(schema: T) =>
  v.union([
    v.pipe(
      v.string(),
      v.trim(),
      v.length(0),
      v.transform(() => null),
    ),
    schema,
  ]);

const localDate = v.pipe(
  v.string(),
  v.trim(),
  v.check((text) => !Number.isNaN(new Date(text).getTime()), e.date),
  v.transform((text) => new Date(text).toISOString()),
);

const FieldsSchema = v.object({
  code: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/, e.code)),
  description: v.pipe(v.string(), v.trim(), v.maxLength(200, e.description)),
  minSubtotal: optional(money(e.minSubtotal, 0, 99_999_999)),
  startsAt: optional(localDate),
  endsAt: optional(localDate),
  usageLimit: optional(whole(e.usageLimit, 1_000_000)),
  perCustomerLimit: optional(whole(e.perCustomerLimit, 1_000)),
});

const valueSchemas = {
  percent: money(e.percent, 0.01, 100),
  amount: money(e.amount, 0.01, 100_000),
};

/** The row to save, or an error per invalid field (the first of each); the database checks again. */
export function validatePromotionForm(
  values: PromotionFormValues,
): { ok: true; row: PromotionWrite } | { ok: false; errors: PromotionFormErrors } {
  const errors: PromotionFormErrors = {};
  const fields = v.safeParse(FieldsSchema, values);
  if (!fields.success) {
    for (const issue of fields.issues) {
      const key = v.getDotPath(issue) as PromotionField | null;
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  let value: number | null = null;
  if (values.kind !== 'free_shipping') {
    const parsed = v.safeParse(valueSchemas[values.kind], values.value);
    if (parsed.success) value = parsed.output;
    else errors.value = parsed.issues[0].message;
  }
  if (!fields.success || errors.value) return { ok: false, errors };
  const f = fields.output;
  if (f.startsAt && f.endsAt && new Date(f.endsAt) <= new Date(f.startsAt)) {
    return { ok: false, errors: { endsAt: e.endsAfterStart } };
  }
  return {
    ok: true,
    row: {
      code: f.code,
      kind: values.kind,
      value,
      min_subtotal: f.minSubtotal,
      starts_at: f.startsAt,
      ends_at: f.endsAt,
      usage_limit: f.usageLimit,
      per_customer_limit: f.perCustomerLimit,
      category_ids: values.categoryIds,
      product_ids: values.products.map((product) => product.id),
      active: values.active,
      description: f.description,
    },
  };
}

/** '10% off', '$5.00 off', 'Free shipping'. */
export function describeDiscount(row: Pick<PromotionRow, 'kind' | 'value'>): string {
  if (row.kind === 'free_shipping') return 'Free shipping';
  if (row.kind === 'percent') return `${Number(row.value)}% off`;
  return `${formatPrice(Number(row.value))} off`;
}

export type PromotionStatus = keyof typeof promotionTexts.status;

/** Where a code stands now: deactivated, not started, ended, used up, or active. */
export function promotionStatus(
  row: Pick<PromotionRow, 'active' | 'starts_at' | 'ends_at' | 'usage_limit'>,
  uses: number,
  now: Date = new Date(),
): PromotionStatus {
  if (!row.active) return 'inactive';
  if (row.starts_at && new Date(row.starts_at) > now) return 'scheduled';
  if (row.ends_at && new Date(row.ends_at) <= now) return 'expired';
  if (row.usage_limit !== null && uses >= row.usage_limit) return 'usedUp';
  return 'active';
}
