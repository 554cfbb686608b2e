import { openOverlay, type CartLine, type Customer } from '@prepper/shared';
import {
  EMPTY_SHIPPING_ADDRESS,
  SHIPPING_ADDRESS_FIELDS,
  shippingAddressOf,
  validateShippingAddress,
  type PaymentMethod,
  type ShippingAddress,
  type ShippingAddressField,
} from '@prepper/shared/orders';
import { TextField } from '@prepper/shared/ui';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DiscountCodeField } from '../../../components/discount-code-field';
import { setDiscountCode } from '../../../lib/discount-code';
import { firstIssue, guestEmailSchema } from '../../../lib/guest-forms';
import { texts } from '../../../texts';
import { useSavedAddresses } from '../api/get-saved-addresses';
import { useSaveAddress } from '../api/save-address';
import { useCheckoutQuote } from '../hooks/use-checkout-quote';
import { failureMessage, usePlaceOrder } from '../hooks/use-place-order';
import { blockingLines } from '../lib/quote-changes';
import { DEFAULT_PAYMENT_METHOD } from '../payment/payment-methods';
import { placeOrderFailure } from '../api/place-order';
import { PaymentOptions, ShippingMethodOption } from './checkout-options';
import { CheckoutSummary } from './checkout-summary';
import { SavedAddressPicker, type AddressChoice } from './saved-address-picker';
import { ShippingAddressFields, type AddressErrors } from './shipping-address-fields';

/** Who is checking out: a customer with an account (and an address book), or a guest. */
export type Buyer = { kind: 'customer'; customer: Customer } | { kind: 'guest' };

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

function initialAddress(buyer: Buyer): ShippingAddress {
  return {
    ...EMPTY_SHIPPING_ADDRESS,
    full_name:
      buyer.kind === 'customer'
        ? [buyer.customer.firstName, buyer.customer.lastName].filter(Boolean).join(' ')
        : '',
    country: texts.checkout.defaultCountry,
  };
}

/**
 * The checkout: address (a customer picks from the address book, the default preselected, or enters a
 * new one and may save it; a guest gives an e-mail for the order), shipping, payment, and the order as
 * the database prices it now.
 */
export function CheckoutView({ buyer, lines }: { buyer: Buyer; lines: readonly CartLine[] }) {
  const { quote, priceChanges, discountCode } = useCheckoutQuote(lines);
  const { place, placing: placingOrder, error: placeError } = usePlaceOrder({ onRefused: quote.reload });
  const saving = useSaveAddress();
  const saved = useSavedAddresses(buyer.kind === 'customer' ? buyer.customer.id : null);
  const addresses = (saved.status === 'success' || saved.status === 'loading' ? saved.data : undefined) ?? [];
  const [picked, setPicked] = useState<AddressChoice | null>(null);
  const [saveNew, setSaveNew] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [address, setAddress] = useState(() => initialAddress(buyer));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const formRef = useRef<HTMLFormElement>(null);
  const placing = placingOrder || saving.busy;
  const error =
    placeError ?? (saving.error === undefined ? null : failureMessage(placeOrderFailure(saving.error)));

  // The default address is preselected; a choice the customer made (still in the book) wins.
  const defaultAddress = addresses.find((entry) => entry.isDefault);
  const pickedStillThere =
    picked?.kind === 'new' || addresses.some((entry) => picked?.kind === 'saved' && entry.id === picked.id);
  const choice: AddressChoice =
    picked && pickedStillThere
      ? picked
      : defaultAddress
        ? { kind: 'saved', id: defaultAddress.id }
        : { kind: 'new' };
  const chosen = choice.kind === 'saved' ? addresses.find((entry) => entry.id === choice.id) : undefined;

  const quoted = quote.status === 'success' || quote.status === 'loading' ? quote.data : undefined;
  const blocked = quoted ? blockingLines(quoted) : [];
  const changed = Object.keys(priceChanges).length > 0;
  const errorCount = Object.values(errors).filter(Boolean).length;
  // A code the database refuses stops the order until it is removed (the field says why).
  const discountProblem = quote.status === 'success' ? quote.data.discountProblem : null;
  const ready = quote.status === 'success' && blocked.length === 0 && discountProblem === null;

  function update(field: ShippingAddressField, value: string) {
    setAddress((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function focusField(name: string) {
    const element = formRef.current?.elements.namedItem(name);
    if (element instanceof HTMLInputElement) element.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (placing) return;
    const guestEmail = buyer.kind === 'guest' ? email.trim() : undefined;
    const emailProblem = buyer.kind === 'guest' ? firstIssue(guestEmailSchema, email) : undefined;
    setEmailError(emailProblem);
    const shipTo = chosen ? shippingAddressOf(chosen) : address;
    const found = chosen ? {} : validateShippingAddress(address);
    setErrors(found);
    if (emailProblem) {
      focusField('email');
      return;
    }
    const firstInvalid = SHIPPING_ADDRESS_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    if (!ready) return;
    if (!chosen && saveNew && buyer.kind === 'customer') {
      const stored = await saving.mutate(shipTo);
      if (!stored.ok) return;
      setPicked({ kind: 'saved', id: stored.data.id });
      setSaveNew(false);
    }
    void place({
      lines,
      address: shipTo,
      shippingMethod: 'standard',
      paymentMethod,
      email: guestEmail,
      discountCode,
    });
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={placing}
      className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-8"
    >
      <div className="space-y-6">
        <Section id="checkout-address" title={texts.checkout.addressHeading}>
          {buyer.kind === 'guest' ? (
            <div className="mb-5">
              <TextField
                name="email"
                type="email"
                label={texts.checkout.guestEmail}
                autoComplete="email"
                required
                aria-required
                aria-describedby="checkout-guest-email-hint"
                value={email}
                error={emailError}
                disabled={placing}
                onChange={(event) => {
                  setEmail(event.target.value);
                  if (emailError) setEmailError(undefined);
                }}
              />
              <p id="checkout-guest-email-hint" className="mt-1 text-sm text-slate-600">
                {texts.checkout.guestEmailHint}
              </p>
            </div>
          ) : null}
          {addresses.length > 0 ? (
            <SavedAddressPicker
              addresses={addresses}
              choice={choice}
              disabled={placing}
              onChoose={setPicked}
            />
          ) : null}
          {chosen ? null : (
            <>
              <ShippingAddressFields address={address} errors={errors} disabled={placing} onChange={update} />
              {buyer.kind === 'customer' ? (
                <label className="mt-4 flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    name="save_address"
                    checked={saveNew}
                    disabled={placing}
                    onChange={(event) => setSaveNew(event.target.checked)}
                    className="h-4 w-4 accent-orange-600"
                  />
                  {texts.checkout.saveAddress}
                </label>
              ) : null}
            </>
          )}
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

        <div className="mt-4 border-t border-slate-200 pt-4">
          <DiscountCodeField
            code={discountCode}
            applied={quoted?.discountCode ? { code: quoted.discountCode, amount: quoted.discount } : null}
            problem={discountProblem}
            checking={quote.status === 'loading'}
            onApply={setDiscountCode}
            onRemove={() => setDiscountCode(null)}
            testIdPrefix="checkout"
          />
        </div>

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
