import { getCatalogueClient } from '../supabase/client';
import {
  DEFAULT_STORE_INFO,
  type OpenEmergency,
  type StoreInfo,
  type StoreSettings,
} from '../domain/store-info';

/**
 * Reading the store's settings and open emergency (anyone may): by the shop's server for each page it
 * renders, and by the browser every minute (startStoreInfoSync). Not part of the first load.
 */

/** The store_settings columns the storefront shows. */
export const STORE_SETTINGS_COLUMNS =
  'free_shipping_threshold,shipping_rate,tax_rate_percent,store_name,store_tagline,hotline_phone,' +
  'support_phone,support_phone_2,support_email,orders_email,store_address,low_stock_threshold';

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() ? value : fallback;
const amount = (value: unknown, fallback: number) => {
  const n = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** A store_settings row as the storefront uses it; a missing or odd value keeps its default. */
export function storeSettingsFromRow(row: unknown): StoreSettings {
  const d = DEFAULT_STORE_INFO.settings;
  if (!row || typeof row !== 'object') return d;
  const r = row as Record<string, unknown>;
  return {
    pricing: {
      freeShippingThreshold: amount(r.free_shipping_threshold, d.pricing.freeShippingThreshold),
      shippingRate: amount(r.shipping_rate, d.pricing.shippingRate),
      taxRatePercent: amount(r.tax_rate_percent, d.pricing.taxRatePercent),
    },
    name: text(r.store_name, d.name),
    tagline: typeof r.store_tagline === 'string' ? r.store_tagline : d.tagline,
    hotlinePhone: text(r.hotline_phone, d.hotlinePhone),
    supportPhones:
      'support_phone' in r
        ? [text(r.support_phone, d.supportPhones[0]!), text(r.support_phone_2, '')].filter(Boolean)
        : d.supportPhones,
    supportEmail: text(r.support_email, d.supportEmail),
    ordersEmail: text(r.orders_email, d.ordersEmail),
    address: text(r.store_address, d.address.join('\n')).split('\n'),
    lowStockBelow: Math.max(1, Math.round(amount(r.low_stock_threshold, d.lowStockBelow))),
  };
}

/** The newest emergency row (an open one is always the newest: one is declared only when none is open). */
export function openEmergencyFromRow(row: unknown): OpenEmergency | null {
  if (!row || typeof row !== 'object') return null;
  const r = row as Record<string, unknown>;
  if (r.ended_at != null || typeof r.name !== 'string' || !r.name) return null;
  return { name: r.name, regions: typeof r.regions === 'string' ? r.regions : '' };
}

/** Reads both; throws when either read fails (the caller keeps what it had). */
export async function readStoreInfo(): Promise<StoreInfo> {
  const client = getCatalogueClient();
  const [settings, emergency] = await Promise.all([
    client.from('store_settings').select(STORE_SETTINGS_COLUMNS).limit(1),
    client
      .from('emergencies')
      .select('name,regions,ended_at')
      .order('starts_at', { ascending: false })
      .limit(1),
  ]);
  if (settings.error) throw settings.error;
  if (emergency.error) throw emergency.error;
  const first = (rows: unknown) => (Array.isArray(rows) ? (rows[0] as unknown) : undefined);
  return {
    settings: storeSettingsFromRow(first(settings.data)),
    emergency: openEmergencyFromRow(first(emergency.data)),
  };
}
