import { useStore } from '@nanostores/react';
import { $cartLines, $customer, $guest, $sessionReady, openOverlay, routes } from '@prepper/shared';
import { CustomerGate, PRIMARY_ACTION, useDocumentTitle } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import { CheckoutView, type Buyer } from '../../features/checkout/components/checkout-view';
import { ContinueAsGuest } from '../../features/guest/components/continue-as-guest';
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
  extra: <ContinueAsGuest />,
};

/**
 * /checkout: the cart's lines, the shipping address, shipping and payment, and Place order. A visitor is
 * asked to sign in (the account overlay) or to continue as a guest (an anonymous sign-in), and sees the
 * checkout, cart intact, as soon as they have.
 */
export function CheckoutPage() {
  useDocumentTitle(texts.checkout.title);
  const ready = useStore($sessionReady);
  const customer = useStore($customer);
  const guest = useStore($guest);
  const lines = useStore($cartLines);
  const buyer: Buyer | null = customer ? { kind: 'customer', customer } : guest ? { kind: 'guest' } : null;

  return (
    <CustomerGate
      ready={ready}
      signedIn={buyer !== null || lines.length === 0}
      loadingLabel={texts.checkout.loading}
      signIn={signIn}
    >
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{texts.checkout.title}</h1>
        {lines.length === 0 || !buyer ? (
          <EmptyCheckout />
        ) : (
          <CheckoutView key={customer?.id ?? guest?.id} buyer={buyer} lines={lines} />
        )}
      </div>
    </CustomerGate>
  );
}
