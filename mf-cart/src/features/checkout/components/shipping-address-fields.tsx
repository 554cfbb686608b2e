import {
  SHIPPING_ADDRESS_FIELDS,
  SHIPPING_ADDRESS_LABELS,
  type ShippingAddress,
  type ShippingAddressField,
} from '@prepper/shared/orders';
import { TextField } from '@prepper/shared/ui';

export type AddressErrors = Partial<Record<ShippingAddressField, string>>;

/** How the browser may fill each field (its shipping address book). */
const autoComplete: Record<ShippingAddressField, string> = {
  full_name: 'shipping name',
  line1: 'shipping address-line1',
  line2: 'shipping address-line2',
  city: 'shipping address-level2',
  region: 'shipping address-level1',
  postal_code: 'shipping postal-code',
  country: 'shipping country-name',
  phone: 'shipping tel',
};

const wide: ReadonlySet<ShippingAddressField> = new Set(['full_name', 'line1', 'line2']);

interface ShippingAddressFieldsProps {
  address: ShippingAddress;
  errors: AddressErrors;
  disabled: boolean;
  onChange: (field: ShippingAddressField, value: string) => void;
}

/**
 * The shipping address in the fields' order (which is also the order the first error is looked for in):
 * labelled, each error tied to its field (aria-invalid, aria-describedby). All but line2 are required.
 */
export function ShippingAddressFields({ address, errors, disabled, onChange }: ShippingAddressFieldsProps) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {SHIPPING_ADDRESS_FIELDS.map((field) => {
        const required = field !== 'line2';
        return (
          <TextField
            key={field}
            name={field}
            label={SHIPPING_ADDRESS_LABELS[field]}
            type={field === 'phone' ? 'tel' : 'text'}
            autoComplete={autoComplete[field]}
            required={required}
            aria-required={required || undefined}
            value={address[field]}
            error={errors[field]}
            disabled={disabled}
            className={wide.has(field) ? 'sm:col-span-2' : ''}
            onChange={(event) => onChange(field, event.target.value)}
          />
        );
      })}
    </div>
  );
}
