import { describe, expect, it } from 'vitest';
import { SETTING_FIELDS, toFormValues, validateSettings, type StoreSettings } from './settings-form';

const defaults: StoreSettings = {
  unpaid_order_hold_hours: 72,
  purchase_limit_window_days: 7,
  waitlist_signups_per_client_hour: 10,
  waitlist_signups_per_hour: 200,
  outbox_keep_days: 30,
  waitlist_unconfirmed_keep_days: 7,
};

describe('store settings form', () => {
  it('round-trips the database values', () => {
    expect(validateSettings(toFormValues(defaults))).toEqual({ ok: true, settings: defaults });
  });

  it('trims and accepts the bounds of each range', () => {
    const values = toFormValues(defaults);
    for (const field of SETTING_FIELDS) {
      expect(validateSettings({ ...values, [field.key]: ` ${field.min} ` }).ok).toBe(true);
      expect(validateSettings({ ...values, [field.key]: String(field.max) }).ok).toBe(true);
    }
  });

  it('names each field that is out of range, not whole or empty', () => {
    const result = validateSettings({
      ...toFormValues(defaults),
      unpaid_order_hold_hours: '0',
      purchase_limit_window_days: '1.5',
      outbox_keep_days: '',
      waitlist_signups_per_hour: '100001',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        unpaid_order_hold_hours: 'Unpaid order hold must be a whole number from 1 to 720',
        purchase_limit_window_days: 'Purchase limit window must be a whole number from 0 to 365',
        outbox_keep_days: 'Keep sent e-mails must be a whole number from 1 to 3,650',
        waitlist_signups_per_hour:
          'Back-in-stock sign-ups per hour, whole shop must be a whole number from 1 to 100,000',
      },
    });
  });
});
