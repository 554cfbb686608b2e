import * as v from 'valibot';

/**
 * The store settings the back office edits, each with the rule the database's check constraint holds
 * (supabase/schemas/settings.sql), the label and hint the page shows and the section it sits in. Adding a
 * setting is a column there and a line here.
 *
 * Kinds: `whole` a whole number within min-max; `money` an amount with at most two decimals within
 * min-max (the tax rate in percent and the waitlist hold in hours are ones too); `text` a line of at most `max` characters (`optional` ones may
 * be empty); `phone` a telephone number as the database takes it; `email` an e-mail address; `lines` a
 * few lines of text (the street address).
 */
type SettingField =
  | { kind: 'whole' | 'money'; min: number; max: number }
  | { kind: 'text'; max: number; optional?: boolean }
  | { kind: 'phone'; optional?: boolean }
  | { kind: 'email' }
  | { kind: 'lines'; max: number; maxLines: number };

export const SETTING_SECTIONS = [
  'store',
  'contact',
  'money',
  'stock',
  'orders',
  'emergency',
  'mail',
] as const;
export type SettingSection = (typeof SETTING_SECTIONS)[number];

export const SETTING_FIELDS = [
  {
    key: 'store_name',
    section: 'store',
    label: 'Store name',
    hint: 'Shown in the header and the footer of the shop.',
    kind: 'text',
    max: 60,
  },
  {
    key: 'store_tagline',
    section: 'store',
    label: 'Tagline',
    hint: 'The line under the name (may be empty).',
    kind: 'text',
    max: 120,
    optional: true,
  },
  {
    key: 'hotline_phone',
    section: 'contact',
    label: 'Emergency hotline',
    hint: 'In the top bar and the footer, one tap away on a phone.',
    kind: 'phone',
  },
  {
    key: 'support_phone',
    section: 'contact',
    label: 'Customer support phone',
    hint: 'In the footer.',
    kind: 'phone',
  },
  {
    key: 'support_phone_2',
    section: 'contact',
    label: 'Second support phone',
    hint: 'In the footer under the first (may be empty).',
    kind: 'phone',
    optional: true,
  },
  {
    key: 'support_email',
    section: 'contact',
    label: 'Support e-mail',
    hint: 'In the footer; contact messages and bulk order requests are sent here.',
    kind: 'email',
  },
  {
    key: 'orders_email',
    section: 'contact',
    label: 'Orders e-mail',
    hint: 'In the footer, for questions about an order.',
    kind: 'email',
  },
  {
    key: 'store_address',
    section: 'contact',
    label: 'Street address',
    hint: 'One line per line, at most 5.',
    kind: 'lines',
    max: 300,
    maxLines: 5,
  },
  {
    key: 'free_shipping_threshold',
    section: 'money',
    label: 'Free shipping from ($)',
    hint: 'Standard shipping is free from this subtotal (0: always free).',
    kind: 'money',
    min: 0,
    max: 100000,
  },
  {
    key: 'shipping_rate',
    section: 'money',
    label: 'Standard shipping ($)',
    hint: 'The flat rate below the free-shipping threshold.',
    kind: 'money',
    min: 0,
    max: 10000,
  },
  {
    key: 'tax_rate_percent',
    section: 'money',
    label: 'Tax rate (%)',
    hint: 'Of the subtotal after any discount, rounded to cents.',
    kind: 'money',
    min: 0,
    max: 30,
  },
  {
    key: 'low_stock_threshold',
    section: 'stock',
    label: 'Low stock below (units)',
    hint: 'A product in stock with fewer units shows Low Stock in the shop and on the dashboard.',
    kind: 'whole',
    min: 1,
    max: 100000,
  },
  {
    key: 'expiry_alert_days',
    section: 'stock',
    label: 'Expiry alert window (days)',
    hint: 'The dashboard lists lots whose best-before date is within this many days.',
    kind: 'whole',
    min: 1,
    max: 3650,
  },
  {
    key: 'unpaid_order_hold_hours',
    section: 'orders',
    label: 'Unpaid order hold (hours)',
    hint: 'How long an order waiting for a bank transfer or a card payment holds its stock before it is cancelled.',
    kind: 'whole',
    min: 1,
    max: 720,
  },
  {
    key: 'purchase_limit_window_days',
    section: 'orders',
    label: 'Purchase limit window (days)',
    hint: "During an emergency, the days over which a product's purchase limit also counts the customer's other orders (0: each order on its own). With no emergency the limit is per order.",
    kind: 'whole',
    min: 0,
    max: 365,
  },
  {
    key: 'waitlist_hold_hours',
    section: 'emergency',
    label: 'Waitlist hold (hours)',
    hint: 'During an emergency the waitlist is served in order of sign-up, and each back-in-stock e-mail holds one unit for its reader this long before it goes to the next in line.',
    kind: 'money',
    min: 0.25,
    max: 48,
  },
  {
    key: 'waitlist_signups_per_client_hour',
    section: 'mail',
    label: 'Back-in-stock sign-ups per visitor per hour',
    hint: 'Confirmation e-mails one visitor may ask for in an hour.',
    kind: 'whole',
    min: 1,
    max: 1000,
  },
  {
    key: 'waitlist_signups_per_hour',
    section: 'mail',
    label: 'Back-in-stock sign-ups per hour, whole shop',
    hint: 'Confirmation e-mails the whole shop sends in an hour at most.',
    kind: 'whole',
    min: 1,
    max: 100000,
  },
  {
    key: 'outbox_keep_days',
    section: 'mail',
    label: 'Keep sent e-mails (days)',
    hint: 'Sent or abandoned e-mails are deleted after this many days.',
    kind: 'whole',
    min: 1,
    max: 3650,
  },
  {
    key: 'waitlist_unconfirmed_keep_days',
    section: 'mail',
    label: 'Keep unconfirmed sign-ups (days)',
    hint: 'Back-in-stock sign-ups never confirmed are deleted after this many days.',
    kind: 'whole',
    min: 1,
    max: 365,
  },
] as const satisfies readonly ({
  key: string;
  section: SettingSection;
  label: string;
  hint: string;
} & SettingField)[];

type Field = (typeof SETTING_FIELDS)[number];
export type SettingKey = Field['key'];
type NumericKey = Extract<Field, { kind: 'whole' | 'money' }>['key'];
/** The settings row as the database gives it: numbers for the numeric columns, text for the others. */
export type StoreSettings = { [K in SettingKey]: K extends NumericKey ? number : string };
/** The form keeps what was typed, valid or not. */
export type SettingsFormValues = Record<SettingKey, string>;
export type SettingsErrors = Partial<Record<SettingKey, string>>;

export function toFormValues(settings: StoreSettings): SettingsFormValues {
  return Object.fromEntries(
    SETTING_FIELDS.map(({ key }) => [key, String(settings[key] ?? '')]),
  ) as SettingsFormValues;
}

/** The label without its unit: 'Tax rate (%)' names itself 'Tax rate' in a message. */
const nameOf = (label: string) => label.replace(/ \(.*\)$/, '');
const count = (n: number) => n.toLocaleString('en-US');

/** The database's phone rule: digits, spaces, ( ) . - and a leading +, 5 to 15 digits. */
const PHONE_PATTERN = /^\+?\(?\d[\d ().-]{4,28}\d$/;
const phoneDigits = (value: string) => value.replace(/\D/g, '').length;

function fieldSchema(field: SettingField & { label: string }) {
  const name = nameOf(field.label);
  switch (field.kind) {
    case 'whole': {
      const message = `${name} must be a whole number from ${count(field.min)} to ${count(field.max)}`;
      return v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d+$/, message),
        v.transform(Number),
        v.minValue(field.min, message),
        v.maxValue(field.max, message),
      );
    }
    case 'money': {
      const message = `${name} must be a number from ${count(field.min)} to ${count(field.max)} with at most two decimals`;
      return v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d+(\.\d{1,2})?$/, message),
        v.transform(Number),
        v.minValue(field.min, message),
        v.maxValue(field.max, message),
      );
    }
    case 'text':
      return v.pipe(
        v.string(),
        v.trim(),
        v.check((value) => field.optional === true || value !== '', `${name} is required`),
        v.maxLength(field.max, `${name} must be at most ${field.max} characters`),
        // eslint-disable-next-line no-control-regex
        v.regex(/^[^\u0000-\u001f\u007f]*$/, `${name} must be one line of text`),
      );
    case 'phone': {
      const message = `${name} must be a phone number of 5 to 15 digits, like (555) 010-2030`;
      return v.pipe(
        v.string(),
        v.trim(),
        v.check(
          (value) =>
            (field.optional === true && value === '') ||
            (PHONE_PATTERN.test(value) && phoneDigits(value) >= 5 && phoneDigits(value) <= 15),
          message,
        ),
      );
    }
    case 'email':
      return v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty(`${name} is required`),
        v.maxLength(254, `${name} must be at most 254 characters`),
        v.email(`${name} must be an e-mail address, like support@example.com`),
      );
    case 'lines':
      return v.pipe(
        v.string(),
        // Each line trimmed, empty lines dropped, Windows line ends made plain.
        v.transform((value) =>
          value
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean)
            .join('\n'),
        ),
        v.nonEmpty(`${name} is required`),
        v.maxLength(field.max, `${name} must be at most ${field.max} characters`),
        v.check(
          (value) => value.split('\n').length <= field.maxLines,
          `${name} must be at most ${field.maxLines} lines`,
        ),
        v.regex(/^[^\t\r]*$/, `${name} must not contain tabs`),
      );
  }
}

export const SettingsFormSchema = v.object(
  Object.fromEntries(SETTING_FIELDS.map((field) => [field.key, fieldSchema(field)])) as Record<
    SettingKey,
    ReturnType<typeof fieldSchema>
  >,
);

/** The settings to save, or an error per invalid field (the first issue of each). */
export function validateSettings(
  values: SettingsFormValues,
): { ok: true; settings: StoreSettings } | { ok: false; errors: SettingsErrors } {
  const result = v.safeParse(SettingsFormSchema, values);
  if (result.success) return { ok: true, settings: result.output as StoreSettings };
  const errors: SettingsErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as SettingKey | null;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}
