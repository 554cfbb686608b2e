import { openOverlay, type CartLine, type Customer } from '@prepper/shared';
import {
  EMPTY_SHIPPING_ADDRESS,
  SHIPPING_ADDRESS_FIELDS,
  validateShippingAddress,
  type PaymentMethod,
  type ShippingAddress,
  type ShippingAddressField,
} from '@prepper/shared/orders';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { texts } from '../../../texts';
import { useCheckoutQuote } from '../hooks/use-checkout-quote';
import { usePlaceOrder } from '../hooks/use-place-order';
import { blockingLines } from '../lib/quote-changes';
import { DEFAULT_PAYMENT_METHOD } from '../payment/payment-methods';
import { PaymentOptions, ShippingMethodOption } from './checkout-options';
import { CheckoutSummary } from './checkout-summary';
import { ShippingAddressFields, type AddressErrors } from './shipping-address-fields';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function initialAddress(customer: Customer): ShippingAddress {
  return {
    ...EMPTY_SHIPPING_ADDRESS,
    full_name: [customer.firstName, customer.lastName].filter(Boolean).join(' '),
    country: texts.checkout.defaultCountry,
  };
}

/** The signed-in checkout: address, shipping, payment, and the order as the database prices it now. */
export function CheckoutView({ customer, lines }: { customer: Customer; lines: readonly CartLine[] }) {
  const { quote, priceChanges } = useCheckoutQuote(lines);
  const { place, placing, error } = usePlaceOrder({ onRefused: quote.reload });
  const [address, setAddress] = useState(() => initialAddress(customer));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const formRef = useRef<HTMLFormElement>(null);

  const quoted = quote.status === 'success' || quote.status === 'loading' ? quote.data : undefined;
  const blocked = quoted ? blockingLines(quoted) : [];
  const changed = Object.keys(priceChanges).length > 0;
  const errorCount = Object.values(errors).filter(Boolean).length;
  const ready = quote.status === 'success' && blocked.length === 0;

  function update(field: ShippingAddressField, value: string) {
    setAddress((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (placing) return;
    const found = validateShippingAddress(address);
    setErrors(found);
    const firstInvalid = SHIPPING_ADDRESS_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      const element = formRef.current?.elements.namedItem(firstInvalid);
      if (element instanceof HTMLInputElement) element.focus();
      return;
    }
    if (!ready) return;
    void place({ lines, address, shippingMethod: 'standard', paymentMethod });
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-busy={placing}
      className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-8"
    >
      <div className="space-y-6">
        <Section id="checkout-address" title={texts.checkout.addressHeading}>
          <ShippingAddressFields address={address} errors={errors} disabled={placing} onChange={update} />
        </Section>
        <Section id="checkout-shipping" title={texts.checkout.shippingHeading}>
          <fieldset>
            <legend className="sr-only">{texts.checkout.shippingHeading}</legend>
            <ShippingMethodOption shipping={quoted?.shipping ?? null} />
          </fieldset>
        </Section>
        <Section id="checkout-payment" title={texts.checkout.paymentHeading}>
          <PaymentOptions value={paymentMethod} disabled={placing} onChange={setPaymentMethod} />
        </Section>
      </div>

      <section
        aria-labelledby="checkout-order"
        className="rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6 lg:sticky lg:top-4"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id="checkout-order" className="text-lg font-bold text-slate-900">
            {texts.checkout.yourOrder}
          </h2>
          <button
            type="button"
            onClick={() => openOverlay('cart')}
            className="text-sm font-semibold text-orange-700 hover:underline focus-visible:outline-2 focus-visible:outline-orange-600"
          >
            {texts.checkout.editCart}
          </button>
        </div>

        {quote.status === 'loading' && !quoted ? (
          <p role="status" className="mt-4 text-sm text-slate-600">
            {texts.checkout.checking}
          </p>
        ) : null}
        {quote.status === 'error' ? (
          <div role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            <p>{texts.checkout.quoteFailed}</p>
            <button
              type="button"
              onClick={quote.reload}
              className="mt-2 font-semibold text-red-800 underline focus-visible:outline-2 focus-visible:outline-orange-600"
            >
              {texts.checkout.retryQuote}
            </button>
          </div>
        ) : null}
        {changed ? (
          <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {texts.checkout.changedSummary}
          </p>
        ) : null}

        <CheckoutSummary lines={lines} quote={quoted} priceChanges={priceChanges} />

        <div className="mt-5 space-y-3">
          {blocked.length > 0 ? (
            <p id="checkout-blocked" className="text-sm font-medium text-red-700">
              {texts.checkout.blockingSummary}
            </p>
          ) : null}
          {errorCount > 0 ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {texts.checkout.fixErrors(errorCount)}
            </p>
          ) : null}
          {error ? (
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              <p className="font-semibold">{texts.checkout.failedTitle}</p>
              <p className="mt-1">{error}</p>
            </div>
          ) : null}
          <button
            type="submit"
            disabled={placing || !ready}
            aria-describedby={blocked.length > 0 ? 'checkout-blocked' : undefined}
            className="flex w-full items-center justify-center gap-2 rounded-lg bg-orange-600 py-3 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {placing ? (
              <span
                aria-hidden="true"
                className="h-5 w-5 animate-spin rounded-full border-2 border-white/40 border-t-white"
              />
            ) : null}
            {placing ? texts.checkout.placing : texts.checkout.placeOrder}
          </button>
          <p className="text-center text-xs text-slate-500">{texts.checkout.terms}</p>
        </div>
      </section>
    </form>
  );
}
