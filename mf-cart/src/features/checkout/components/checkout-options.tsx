import { formatPrice, useStoreInfo } from '@prepper/shared';
import { SHIPPING_METHOD_LABELS, type PaymentMethod } from '@prepper/shared/orders';
import { texts } from '../../../texts';
import { useCardPaymentsAvailable } from '../payment/card-payment';
import { offeredPaymentOptions } from '../payment/payment-methods';

const optionCard =
  'flex cursor-pointer gap-3 rounded-lg border p-4 has-[:checked]:border-orange-500 has-[:checked]:bg-orange-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-orange-600';

/** The shipping method: standard only for now, with its price for this order. */
export function ShippingMethodOption({ shipping }: { shipping: number | null }) {
  const { freeShippingThreshold } = useStoreInfo().settings.pricing;
  return (
    <label className={`${optionCard} border-slate-300`}>
      <input
        type="radio"
        name="shipping_method"
        value="standard"
        checked
        readOnly
        className="mt-1 h-4 w-4 accent-orange-600"
      />
      <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span>
          <span className="block font-semibold text-slate-900">{SHIPPING_METHOD_LABELS.standard}</span>
          <span className="block text-sm text-slate-600">
            {texts.checkout.standardShippingTime} ·{' '}
            {texts.checkout.freeFrom(formatPrice(freeShippingThreshold))}
          </span>
        </span>
        <span className="font-semibold text-slate-900" data-testid="checkout-shipping-method-price">
          {shipping === null ? '…' : shipping === 0 ? texts.free : formatPrice(shipping)}
        </span>
      </span>
    </label>
  );
}

interface PaymentOptionsProps {
  value: PaymentMethod;
  disabled: boolean;
  onChange: (method: PaymentMethod) => void;
}

/** The payment methods of the payment seam, each with a sentence on what happens next. */
export function PaymentOptions({ value, disabled, onChange }: PaymentOptionsProps) {
  const card = useCardPaymentsAvailable();
  const options = offeredPaymentOptions(card.status === 'success' && card.data === true);
  return (
    <fieldset>
      <legend className="sr-only">{texts.payment.legend}</legend>
      <div className="space-y-3">
        {options.map((option) => {
          const summaryId = `payment-${option.id}-summary`;
          return (
            <label key={option.id} className={`${optionCard} border-slate-300`}>
              <input
                type="radio"
                name="payment_method"
                value={option.id}
                checked={value === option.id}
                disabled={disabled}
                aria-describedby={summaryId}
                onChange={() => onChange(option.id)}
                className="mt-1 h-4 w-4 accent-orange-600"
              />
              <span>
                <span className="block font-semibold text-slate-900">{option.label}</span>
                <span id={summaryId} className="mt-0.5 block text-sm text-slate-600">
                  {option.summary}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
