import {
  EMPTY_SHIPPING_ADDRESS,
  SHIPPING_ADDRESS_FIELDS,
  SHIPPING_ADDRESS_LABELS,
  type SavedAddress,
  type ShippingAddress,
  type ShippingAddressField,
} from '@prepper/shared/orders';
import { TextField } from '@prepper/shared/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { texts } from '../../../texts';
import { useSaveAddress } from '../api/change-address';
import { checkAddress, type AddressErrors } from '../lib/address-form';

const t = texts.addresses;

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

function problem(error: unknown): string {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  // P0001: the database's own words for the customer (a blank field, the cap of 20).
  return code === 'P0001' && typeof message === 'string' ? message : t.failed;
}

/**
 * Adds an address or edits one: the checkout's fields and rules, and "Use as my default address". The
 * first field takes the focus when it opens; Cancel (or Escape) closes it and gives the focus back.
 */
export function AddressForm({
  editing,
  onDone,
}: {
  editing: SavedAddress | null;
  onDone: (saved: boolean) => void;
}) {
  const [values, setValues] = useState<ShippingAddress>(() =>
    editing ? { ...EMPTY_SHIPPING_ADDRESS, ...editing } : { ...EMPTY_SHIPPING_ADDRESS },
  );
  const [makeDefault, setMakeDefault] = useState(editing?.isDefault ?? false);
  const [errors, setErrors] = useState<AddressErrors>({});
  const { mutate, busy, error, reset } = useSaveAddress();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    (formRef.current?.elements.namedItem('full_name') as HTMLInputElement | null)?.focus();
  }, []);

  function update(field: ShippingAddressField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    reset();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkAddress(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = SHIPPING_ADDRESS_FIELDS.find((field) => checked.errors[field]);
      if (first) (formRef.current?.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    const outcome = await mutate({ id: editing?.id, address: checked.value, makeDefault });
    if (outcome.ok) onDone(true);
  }

  const title = editing ? t.editTitle : t.addTitle;
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={title}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone(false);
      }}
      className="rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h3 className="mb-3 font-semibold text-slate-900">{title}</h3>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {SHIPPING_ADDRESS_FIELDS.map((field) => (
          <TextField
            key={field}
            name={field}
            label={SHIPPING_ADDRESS_LABELS[field]}
            type={field === 'phone' ? 'tel' : 'text'}
            autoComplete={autoComplete[field]}
            required={field !== 'line2'}
            value={values[field]}
            error={errors[field]}
            disabled={busy}
            className={field === 'full_name' || field === 'line1' || field === 'line2' ? 'sm:col-span-2' : ''}
            onChange={(event) => update(field, event.target.value)}
          />
        ))}
      </div>
      <label className="mt-4 flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="is_default"
          checked={makeDefault}
          disabled={busy || editing?.isDefault === true}
          onChange={(event) => setMakeDefault(event.target.checked)}
          className="h-4 w-4 accent-orange-600"
        />
        {t.makeDefaultField}
      </label>
      {error === undefined ? null : (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {problem(error)}
        </p>
      )}
      <div className="mt-4 flex gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-orange-600 px-5 py-2.5 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:opacity-60"
        >
          {busy ? t.saving : t.save}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => onDone(false)}
          className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
        >
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
