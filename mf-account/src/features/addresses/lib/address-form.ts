import {
  SHIPPING_ADDRESS_FIELDS,
  SHIPPING_ADDRESS_LABELS,
  SHIPPING_ADDRESS_MAX_LENGTH,
  type ShippingAddress,
  type ShippingAddressField,
} from '@prepper/shared/orders';
import * as v from 'valibot';
import { texts } from '../../../texts';

const t = texts.addresses;

function field(name: ShippingAddressField) {
  const base = v.pipe(v.string(), v.trim(), v.maxLength(SHIPPING_ADDRESS_MAX_LENGTH, t.tooLong));
  return name === 'line2' ? base : v.pipe(base, v.nonEmpty(t.required(SHIPPING_ADDRESS_LABELS[name])));
}

/** An address book entry by the database's rule (the checkout's): all but line2 required, at most 200. */
export const addressSchema = v.object(
  Object.fromEntries(SHIPPING_ADDRESS_FIELDS.map((name) => [name, field(name)])) as Record<
    ShippingAddressField,
    ReturnType<typeof field>
  >,
);

export type AddressErrors = Partial<Record<ShippingAddressField, string>>;

/** The trimmed address, or the first message per field. */
export function checkAddress(
  values: ShippingAddress,
): { ok: true; value: ShippingAddress } | { ok: false; errors: AddressErrors } {
  const result = v.safeParse(addressSchema, values);
  if (result.success) return { ok: true, value: result.output };
  const errors: AddressErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as ShippingAddressField | null;
    if (key && errors[key] === undefined) errors[key] = issue.message;
  }
  return { ok: false, errors };
}
