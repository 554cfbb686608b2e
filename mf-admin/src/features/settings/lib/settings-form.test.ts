import { describe, expect, it } from 'vitest';
import { SETTING_FIELDS, toFormValues, validateSettings, type StoreSettings } from './settings-form';

/** The seeded row (supabase/schemas/settings.sql). */
const defaults: StoreSettings = {
  store_name: 'ReadyStock',
  store_tagline: 'Be Ready. Stay Safe.',
  hotline_phone: '1-800-555-0199',
  support_phone: '(555) 010-2030',
  support_phone_2: '(555) 010-2031',
  support_email: 'support@readystock.example',
  orders_email: 'orders@readystock.example',
  store_address: '1200 Preparedness Way\nBoulder, CO 80301\nUnited States',
  free_shipping_threshold: 99,
  shipping_rate: 9.99,
  tax_rate_percent: 8,
  low_stock_threshold: 10,
  expiry_alert_days: 90,
  unpaid_order_hold_hours: 72,
  purchase_limit_window_days: 7,
  waitlist_signups_per_client_hour: 10,
  waitlist_signups_per_hour: 200,
  outbox_keep_days: 30,
  waitlist_unconfirmed_keep_days: 7,
  waitlist_hold_hours: 2,
};

describe('store settings form', () => {
  it('round-trips the database values', () => {
    expect(validateSettings(toFormValues(defaults))).toEqual({ ok: true, settings: defaults });
  });

  it('trims and accepts the bounds of each range', () => {
    const values = toFormValues(defaults);
    for (const field of SETTING_FIELDS) {
      if (!('min' in field)) continue;
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

  it('takes the waitlist hold in hours from 0.25 to 48 with at most two decimals', () => {
    const values = toFormValues(defaults);
    expect(validateSettings({ ...values, waitlist_hold_hours: '0.25' })).toMatchObject({
      ok: true,
      settings: { waitlist_hold_hours: 0.25 },
    });
    expect(validateSettings({ ...values, waitlist_hold_hours: ' 1.5 ' })).toMatchObject({
      ok: true,
      settings: { waitlist_hold_hours: 1.5 },
    });
    const message = 'Waitlist hold must be a number from 0.25 to 48 with at most two decimals';
    for (const bad of ['0.24', '48.01', '1.234', '', 'two', '-1']) {
      expect(validateSettings({ ...values, waitlist_hold_hours: bad })).toEqual({
        ok: false,
        errors: { waitlist_hold_hours: message },
      });
    }
  });

  it('takes money with at most two decimals and the tax rate within 0-30', () => {
    const values = toFormValues(defaults);
    const ok = validateSettings({ ...values, free_shipping_threshold: '149.5', tax_rate_percent: '30' });
    expect(ok).toMatchObject({
      ok: true,
      settings: { free_shipping_threshold: 149.5, tax_rate_percent: 30 },
    });
    expect(
      validateSettings({
        ...values,
        free_shipping_threshold: '99.999',
        shipping_rate: '-1',
        tax_rate_percent: '30.01',
      }),
    ).toEqual({
      ok: false,
      errors: {
        free_shipping_threshold:
          'Free shipping from must be a number from 0 to 100,000 with at most two decimals',
        shipping_rate: 'Standard shipping must be a number from 0 to 10,000 with at most two decimals',
        tax_rate_percent: 'Tax rate must be a number from 0 to 30 with at most two decimals',
      },
    });
  });

  it('checks names, phones, e-mail addresses and the address, keeping optional ones empty', () => {
    const values = toFormValues(defaults);
    expect(
      validateSettings({ ...values, store_tagline: '', support_phone_2: ' ', store_address: ' A\r\n\n B ' }),
    ).toMatchObject({
      ok: true,
      settings: { store_tagline: '', support_phone_2: '', store_address: 'A\nB' },
    });
    expect(
      validateSettings({
        ...values,
        store_name: '  ',
        hotline_phone: '12',
        support_phone: 'call us',
        support_email: 'support@',
        store_address: 'a\nb\nc\nd\ne\nf',
      }),
    ).toEqual({
      ok: false,
      errors: {
        store_name: 'Store name is required',
        hotline_phone: 'Emergency hotline must be a phone number of 5 to 15 digits, like (555) 010-2030',
        support_phone: 'Customer support phone must be a phone number of 5 to 15 digits, like (555) 010-2030',
        support_email: 'Support e-mail must be an e-mail address, like support@example.com',
        store_address: 'Street address must be at most 5 lines',
      },
    });
  });
});
