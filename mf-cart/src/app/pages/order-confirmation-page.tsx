import { useStore } from '@nanostores/react';
import { $customer, $guest, $sessionReady, openOverlay, routes } from '@prepper/shared';
import { CustomerGate, NotLoaded, Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { placedOrderQuery, usePlacedOrder } from '../../features/checkout/api/get-placed-order';
import { OrderConfirmation } from '../../features/checkout/components/order-confirmation';
import { SaveYourDetails } from '../../features/guest/components/save-your-details';
import { texts } from '../../texts';

const signIn = {
  title: texts.confirmation.signInTitle,
  lead: texts.confirmation.signInLead,
  actionLabel: texts.confirmation.signInAction,
  onSignIn: () => openOverlay('auth'),
};

/**
 * /checkout/confirmation/:orderId: what the customer sees right after placing an order. A guest sees it
 * too (its own order, by row-level security), with "Save your details: create an account".
 */
export function OrderConfirmationPage() {
  useDocumentTitle(texts.confirmation.title);
  const { orderId = '' } = useParams();
  const ready = useStore($sessionReady);
  const customer = useStore($customer);
  const guest = useStore($guest);
  const order = usePlacedOrder(customer || guest ? orderId : null);
  // Ordered as a guest: the offer to create an account stays while the guest becomes a customer.
  const [orderedAsGuest, setOrderedAsGuest] = useState(false);
  if (guest && !orderedAsGuest) setOrderedAsGuest(true);

  let page;
  // While a card payment is polled, the order shown stays on screen during each new read.
  if (order.data)
    page = (
      <OrderConfirmation order={order.data} guest={guest !== null}>
        {orderedAsGuest ? (
          <SaveYourDetails
            orderEmail={order.data.email ?? ''}
            fullName={order.data.shippingAddress?.full_name ?? ''}
          />
        ) : null}
      </OrderConfirmation>
    );
  else if (order.status === 'loading')
    page = <Spinner label={texts.confirmation.loading} className="min-h-[50vh]" />;
  else
    page = (
      <NotLoaded
        title={texts.confirmation.notFoundTitle}
        failed={order.status === 'error'}
        failedLead={texts.confirmation.loadFailed}
        notFoundLead={texts.confirmation.notFoundLead}
        retryLabel={texts.confirmation.retry}
        onRetry={() => placedOrderQuery.invalidate(orderId)}
        linkTo={routes.accountOrders}
        linkLabel={texts.confirmation.viewOrders}
      />
    );
  return (
    <CustomerGate
      ready={ready}
      signedIn={customer !== null || guest !== null}
      loadingLabel={texts.confirmation.loading}
      signIn={signIn}
    >
      {page}
    </CustomerGate>
  );
}
