import { useStore } from '@nanostores/react';
import { $cartLines, $customer, $sessionReady, openOverlay, routes } from '@prepper/shared';
import { CustomerGate, PRIMARY_ACTION, useDocumentTitle } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import { CheckoutView } from '../../features/checkout/components/checkout-view';
import { texts } from '../../texts';

function EmptyCheckout() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h2 className="text-xl font-semibold text-slate-900">{texts.checkout.emptyTitle}</h2>
      <p className="mt-2 text-slate-600">{texts.checkout.emptyLead}</p>
      <Link to={routes.products} className={`mt-6 ${PRIMARY_ACTION}`}>
        {texts.checkout.startShopping}
      </Link>
    </div>
  );
}

const signIn = {
  title: texts.checkout.signInTitle,
  lead: texts.checkout.signInLead,
  actionLabel: texts.checkout.signInAction,
  onSignIn: () => openOverlay('auth'),
};

/**
 * /checkout: the cart's lines, the shipping address, shipping and payment, and Place order. A visitor is
 * asked to sign in (the account overlay) and sees the checkout, cart intact, as soon as they have.
 */
export function CheckoutPage() {
  useDocumentTitle(texts.checkout.title);
  const ready = useStore($sessionReady);
  const customer = useStore($customer);
  const lines = useStore($cartLines);

  return (
    <CustomerGate
      ready={ready}
      signedIn={customer !== null || lines.length === 0}
      loadingLabel={texts.checkout.loading}
      signIn={signIn}
    >
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{texts.checkout.title}</h1>
        {lines.length === 0 || !customer ? (
          <EmptyCheckout />
        ) : (
          <CheckoutView key={customer.id} customer={customer} lines={lines} />
        )}
      </div>
    </CustomerGate>
  );
}
