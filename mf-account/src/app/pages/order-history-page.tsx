import { useStore } from '@nanostores/react';
import { $customer, $sessionReady, routes, type Order } from '@prepper/shared';
import {
  CustomerGate,
  PRIMARY_ACTION,
  Spinner,
  useDocumentTitle,
  useLoad,
  type LoadState,
} from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import { getMyOrders } from '../../features/orders/api/get-my-orders';
import { OrderList } from '../../features/orders/components/order-list';
import { texts } from '../../texts';
import { ordersSignIn } from './sign-in-prompt';

function Orders({ orders, reload }: { orders: LoadState<Order[]>; reload: () => void }) {
  if (orders.status === 'error')
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-6 text-center text-red-800">
        <p>{texts.orders.loadFailed}</p>
        <button type="button" onClick={reload} className={`mt-3 ${PRIMARY_ACTION}`}>
          {texts.orders.retry}
        </button>
      </div>
    );
  if (orders.status !== 'success') return <Spinner label={texts.orders.loading} />;
  if (orders.data.length > 0) return <OrderList orders={orders.data} />;
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
      <h2 className="text-lg font-semibold text-slate-900">{texts.orders.emptyTitle}</h2>
      <p className="mt-1 text-slate-600">{texts.orders.emptyLead}</p>
      <Link to={routes.products} className={`mt-5 ${PRIMARY_ACTION}`}>
        {texts.orders.startShopping}
      </Link>
    </div>
  );
}

/** /account/orders: the signed-in customer's orders, newest first; visitors are asked to sign in. */
export function OrderHistoryPage() {
  useDocumentTitle(texts.orders.title);
  const ready = useStore($sessionReady);
  const customer = useStore($customer);
  const orders = useLoad(customer ? `orders:${customer.id}` : null, getMyOrders);

  return (
    <CustomerGate
      ready={ready}
      signedIn={customer !== null}
      loadingLabel={texts.orders.loading}
      signIn={ordersSignIn}
    >
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{texts.orders.title}</h1>
        <p className="mt-1 mb-6 text-slate-600">{texts.orders.lead}</p>
        <Orders orders={orders} reload={orders.reload} />
      </div>
    </CustomerGate>
  );
}
