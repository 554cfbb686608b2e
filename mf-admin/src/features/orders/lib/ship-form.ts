import * as v from 'valibot';
import { CARRIERS, type Carrier, TRACKING_NUMBER_PATTERN } from '@prepper/shared/orders';
import { orderTexts } from '../texts';

const t = orderTexts.ship;

/** What staff enter to ship an order; the database checks the same rules (admin_ship_order). */
export const shipFormSchema = v.object({
  carrier: v.picklist(CARRIERS, t.carrierRequired),
  trackingNumber: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(t.trackingRequired),
    v.regex(TRACKING_NUMBER_PATTERN, t.trackingInvalid),
  ),
});

export interface ShipFormValues {
  carrier: Carrier | '';
  trackingNumber: string;
}

export type ShipFormResult =
  | { ok: true; carrier: Carrier; trackingNumber: string }
  | { ok: false; errors: Partial<Record<keyof ShipFormValues, string>> };

export function validateShipForm(values: ShipFormValues): ShipFormResult {
  const result = v.safeParse(shipFormSchema, values);
  if (result.success) return { ok: true, ...result.output };
  const errors: Partial<Record<keyof ShipFormValues, string>> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as keyof ShipFormValues | null;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}
