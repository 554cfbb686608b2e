import { DEFAULT_PRICING, type PricingRules } from './pricing';
import { LOW_STOCK_LIMIT } from './stock';
import { BRAND } from '../routes';

/**
 * What the storefront shows of the shop's settings and state, edited in the back office: the money rules
 * of the cart, the name, tagline and contact details of the frame, the low-stock threshold
 * (public.store_settings, /admin/settings) and the open emergency, if any (public.emergencies,
 * /admin/emergency). The database decides every quote and order with its own current values; these only
 * show them.
 *
 * How it arrives: the shop's server reads it for each rendered page (kept there at most 15 s,
 * shell/src/server/store-info.ts) and sends it inside the page (#ssr-data, under `shell`/`store`), so
 * the first render in the browser is the server's. The browser reads it again every minute while the page
 * is visible, and at once on a page the server did not render. A change therefore reaches every newly
 * opened page within about half a minute (with the server's page cache) and an open page within a minute.
 */
export interface StoreSettings {
  pricing: PricingRules;
  name: string;
  tagline: string;
  hotlinePhone: string;
  /** One or two numbers. */
  supportPhones: string[];
  supportEmail: string;
  ordersEmail: string;
  /** The street address, line by line. */
  address: string[];
  /** In stock with fewer units than this is Low Stock. */
  lowStockBelow: number;
}

/** The emergency staff declared and have not ended. */
export interface OpenEmergency {
  name: string;
  /** Free text: the regions it affects (may be empty). */
  regions: string;
}

export interface StoreInfo {
  settings: StoreSettings;
  emergency: OpenEmergency | null;
}

/** The seeded values (supabase/schemas/settings.sql): what shows until the shop's own values are read. */
export const DEFAULT_STORE_INFO: StoreInfo = {
  settings: {
    pricing: DEFAULT_PRICING,
    name: BRAND.name,
    tagline: BRAND.tagline,
    hotlinePhone: '1-800-555-0199',
    supportPhones: ['(555) 010-2030', '(555) 010-2031'],
    supportEmail: 'support@readystock.example',
    ordersEmail: 'orders@readystock.example',
    address: ['1200 Preparedness Way', 'Boulder, CO 80301', 'United States'],
    lowStockBelow: LOW_STOCK_LIMIT,
  },
  emergency: null,
};
