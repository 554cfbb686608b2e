import { useStore } from '@nanostores/react';
import { $customer, $sessionReady, openOverlay, routes } from '@prepper/shared';
import { CustomerGate, NotLoaded, Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useParams } from 'react-router-dom';
import { placedOrderQuery, usePlacedOrder } from '../../features/checkout/api/get-placed-order';
import { OrderConfirmation } from '../../features/checkout/components/order-confirmation';
import { texts } from '../../texts';

const signIn = {
  title: texts.confirmation.signInTitle,
  lead: texts.confirmation.signInLead,
  actionLabel: texts.confirmation.signInAction,
  onSignIn: () => openOverlay('auth'),
};

/** /checkout/confirmation/:orderId: what the customer sees right after placing an order. */
export function OrderConfirmationPage() {
  useDocumentTitle(texts.confirmation.title);
  const { orderId = '' } = useParams();
  const ready = useStore($sessionReady);
  const customer = useStore($customer);
  const order = usePlacedOrder(customer ? orderId : null);

  let page;
  // While a card payment is polled, the order shown stays on screen during each new read.
  if (order.data) page = <OrderConfirmation order={order.data} />;
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
      signedIn={customer !== null}
      loadingLabel={texts.confirmation.loading}
      signIn={signIn}
    >
      {page}
    </CustomerGate>
  );
}
