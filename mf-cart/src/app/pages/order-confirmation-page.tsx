import { useStore } from '@nanostores/react';
import { $customer, $sessionReady, routes, openOverlay } from '@prepper/shared';
import {
  PRIMARY_ACTION,
  PageMessage,
  SignInRequired,
  Spinner,
  useDocumentTitle,
  useLoad,
} from '@prepper/shared/ui';
import { Link, useParams } from 'react-router-dom';
import { getPlacedOrder } from '../../features/checkout/api/get-placed-order';
import { OrderConfirmation } from '../../features/checkout/components/order-confirmation';
import { texts } from '../../texts';

const openSignIn = () => openOverlay('auth');
/** /checkout/confirmation/:orderId: what the customer sees right after placing an order. */
export function OrderConfirmationPage() {
  useDocumentTitle(texts.confirmation.title);
  const { orderId = '' } = useParams();
  const ready = useStore($sessionReady);
  const customer = useStore($customer);
  const order = useLoad(customer ? `order:${customer.id}:${orderId}` : null, () => getPlacedOrder(orderId));

  if (!ready || (customer && order.status === 'loading'))
    return <Spinner label={texts.confirmation.loading} className="min-h-[50vh]" />;
  if (!customer)
    return (
      <SignInRequired
        title={texts.confirmation.signInTitle}
        lead={texts.confirmation.signInLead}
        onSignIn={openSignIn}
        actionLabel={texts.confirmation.signInAction}
      />
    );
  if (order.status === 'success' && order.data) return <OrderConfirmation order={order.data} />;
  if (order.status === 'error')
    return (
      <PageMessage title={texts.confirmation.notFoundTitle} lead={texts.confirmation.loadFailed}>
        <button type="button" onClick={order.reload} className={PRIMARY_ACTION}>
          {texts.confirmation.retry}
        </button>
      </PageMessage>
    );
  return (
    <PageMessage title={texts.confirmation.notFoundTitle} lead={texts.confirmation.notFoundLead}>
      <Link to={routes.accountOrders} className={PRIMARY_ACTION}>
        {texts.confirmation.viewOrders}
      </Link>
    </PageMessage>
  );
}
