import { CARRIER_LABELS, CARRIERS, type Carrier } from '@prepper/shared/orders';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyles, inputClass } from '../../../components';
import { type ShipFormValues, validateShipForm } from '../lib/ship-form';
import { orderTexts } from '../texts';

const t = orderTexts.ship;

/**
 * Shipping an order: the carrier and the tracking number, both required (the customer's shipped e-mail
 * and order page carry them). The database checks them again (admin_ship_order).
 */
export function ShipForm({
  busy,
  onShip,
}: {
  busy: boolean;
  onShip: (carrier: Carrier, trackingNumber: string) => void;
}) {
  const carrierId = useId();
  const numberId = useId();
  const [values, setValues] = useState<ShipFormValues>({ carrier: '', trackingNumber: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof ShipFormValues, string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateShipForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onShip(result.carrier, result.trackingNumber);
  }

  return (
    <form noValidate onSubmit={submit} className="rounded-md border border-slate-200 p-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-900">{t.legend}</legend>
        <div>
          <label htmlFor={carrierId} className="mb-1 block text-sm font-medium text-slate-700">
            {t.carrier}
          </label>
          <select
            id={carrierId}
            value={values.carrier}
            aria-invalid={errors.carrier ? true : undefined}
            aria-describedby={errors.carrier ? `${carrierId}-error` : undefined}
            onChange={(event) => setValues({ ...values, carrier: event.target.value as Carrier | '' })}
            className={inputClass}
          >
            <option value="">{t.chooseCarrier}</option>
            {CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {CARRIER_LABELS[carrier]}
              </option>
            ))}
          </select>
          {errors.carrier ? (
            <p id={`${carrierId}-error`} className="mt-1 text-sm text-red-700">
              {errors.carrier}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={numberId} className="mb-1 block text-sm font-medium text-slate-700">
            {t.trackingNumber}
          </label>
          <input
            id={numberId}
            type="text"
            maxLength={40}
            autoComplete="off"
            value={values.trackingNumber}
            aria-invalid={errors.trackingNumber ? true : undefined}
            aria-describedby={errors.trackingNumber ? `${numberId}-error` : undefined}
            onChange={(event) => setValues({ ...values, trackingNumber: event.target.value })}
            className={inputClass}
          />
          {errors.trackingNumber ? (
            <p id={`${numberId}-error`} className="mt-1 text-sm text-red-700">
              {errors.trackingNumber}
            </p>
          ) : null}
        </div>
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {t.submit}
        </button>
      </fieldset>
    </form>
  );
}
