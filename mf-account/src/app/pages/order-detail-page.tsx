import { useStore } from '@nanostores/react';
import { $customer, $sessionReady, routes } from '@prepper/shared';
import { CustomerGate, NotLoaded, Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useParams } from 'react-router-dom';
import { myOrderQuery, useMyOrder } from '../../features/orders/api/get-my-order';
import { OrderDetail } from '../../features/orders/components/order-detail';
import { texts } from '../../texts';
import { ordersSignIn } from './sign-in-prompt';

/** /account/orders/:orderId: one of the customer's orders with its history; visitors are asked to sign in. */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const ready = useStore($sessionReady);
  const customer = useStore($customer);
  const order = useMyOrder(customer ? orderId : null);
  const reload = () => myOrderQuery.invalidate(orderId);
  // While it reloads (after a cancellation) the order shown so far stays on screen.
  const shown = order.status === 'success' || order.status === 'loading' ? order.data : undefined;
  useDocumentTitle(shown ? texts.orders.detailTitle(shown.orderNumber) : texts.orders.title);

  let page;
  if (shown) page = <OrderDetail order={shown} onChanged={reload} />;
  else if (order.status === 'loading')
    page = <Spinner label={texts.orders.detailLoading} className="min-h-[50vh]" />;
  else
    page = (
      <NotLoaded
        title={texts.orders.notFoundTitle}
        failed={order.status === 'error'}
        failedLead={texts.orders.loadFailed}
        notFoundLead={texts.orders.notFoundLead}
        retryLabel={texts.orders.retry}
        onRetry={reload}
        linkTo={routes.accountOrders}
        linkLabel={texts.orders.backToOrders}
      />
    );
  return (
    <CustomerGate
      ready={ready}
      signedIn={customer !== null}
      loadingLabel={texts.orders.detailLoading}
      signIn={ordersSignIn}
    >
      {page}
    </CustomerGate>
  );
}
