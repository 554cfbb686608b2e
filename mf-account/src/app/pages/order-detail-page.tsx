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
import { getMyOrder } from '../../features/orders/api/get-my-order';
import { OrderDetail } from '../../features/orders/components/order-detail';
import { texts } from '../../texts';

const openSignIn = () => openOverlay('auth');
/** /account/orders/:orderId: one of the customer's orders with its history; visitors are asked to sign in. */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const ready = useStore($sessionReady);
  const customer = useStore($customer);
  const order = useLoad(customer ? `order:${customer.id}:${orderId}` : null, () => getMyOrder(orderId));
  const shown = order.status === 'success' || order.status === 'loading' ? order.data : undefined;
  useDocumentTitle(shown ? texts.orders.detailTitle(shown.orderNumber) : texts.orders.title);

  if (!ready) return <Spinner label={texts.orders.detailLoading} className="min-h-[50vh]" />;
  if (!customer)
    return (
      <SignInRequired
        title={texts.orders.signInTitle}
        lead={texts.orders.signInLead}
        onSignIn={openSignIn}
        actionLabel={texts.orders.signInAction}
      />
    );
  if (shown) return <OrderDetail order={shown} onChanged={order.reload} />;
  if (order.status === 'loading' || order.status === 'idle')
    return <Spinner label={texts.orders.detailLoading} className="min-h-[50vh]" />;
  if (order.status === 'error')
    return (
      <PageMessage title={texts.orders.notFoundTitle} lead={texts.orders.loadFailed}>
        <button type="button" onClick={order.reload} className={PRIMARY_ACTION}>
          {texts.orders.retry}
        </button>
      </PageMessage>
    );
  return (
    <PageMessage title={texts.orders.notFoundTitle} lead={texts.orders.notFoundLead}>
      <Link to={routes.accountOrders} className={PRIMARY_ACTION}>
        {texts.orders.backToOrders}
      </Link>
    </PageMessage>
  );
}
