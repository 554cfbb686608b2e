import * as v from 'valibot';

/**
 * The store settings the back office edits: each a whole number within the range the database's check
 * constraint allows (supabase/schemas/settings.sql), with the label and hint the page shows. Adding a
 * setting is a column there and a line here.
 */
export const SETTING_FIELDS = [
  {
    key: 'unpaid_order_hold_hours',
    section: 'orders',
    label: 'Unpaid order hold (hours)',
    hint: 'How long an order waiting for a bank transfer or a card payment holds its stock before it is cancelled.',
    min: 1,
    max: 720,
  },
  {
    key: 'purchase_limit_window_days',
    section: 'orders',
    label: 'Purchase limit window (days)',
    hint: "Days over which a product's purchase limit also counts the customer's other orders (0: each order on its own).",
    min: 0,
    max: 365,
  },
  {
    key: 'waitlist_signups_per_client_hour',
    section: 'mail',
    label: 'Back-in-stock sign-ups per visitor per hour',
    hint: 'Confirmation e-mails one visitor may ask for in an hour.',
    min: 1,
    max: 1000,
  },
  {
    key: 'waitlist_signups_per_hour',
    section: 'mail',
    label: 'Back-in-stock sign-ups per hour, whole shop',
    hint: 'Confirmation e-mails the whole shop sends in an hour at most.',
    min: 1,
    max: 100000,
  },
  {
    key: 'outbox_keep_days',
    section: 'mail',
    label: 'Keep sent e-mails (days)',
    hint: 'Sent or abandoned e-mails are deleted after this many days.',
    min: 1,
    max: 3650,
  },
  {
    key: 'waitlist_unconfirmed_keep_days',
    section: 'mail',
    label: 'Keep unconfirmed sign-ups (days)',
    hint: 'Back-in-stock sign-ups never confirmed are deleted after this many days.',
    min: 1,
    max: 365,
  },
] as const;

export type SettingKey = (typeof SETTING_FIELDS)[number]['key'];
export type StoreSettings = Record<SettingKey, number>;
/** The form keeps what was typed, valid or not. */
export type SettingsFormValues = Record<SettingKey, string>;
export type SettingsErrors = Partial<Record<SettingKey, string>>;

export function toFormValues(settings: StoreSettings): SettingsFormValues {
  return Object.fromEntries(
    SETTING_FIELDS.map(({ key }) => [key, String(settings[key])]),
  ) as SettingsFormValues;
}

function fieldSchema({ label, min, max }: { label: string; min: number; max: number }) {
  const message = `${label.replace(/ \(.*\)$/, '')} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  return v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, message),
    v.transform(Number),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
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
