import { useStore } from '@nanostores/react';
import { $customer, $sessionReady, routes } from '@prepper/shared';
import { CustomerGate, PRIMARY_ACTION, Spinner, useDocumentTitle } from '@prepper/shared/ui';
import type { QueryState } from '@prepper/shared/query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ORDERS_PAGE_SIZE,
  myOrdersQuery,
  useMyOrders,
  type MyOrders,
} from '../../features/orders/api/get-my-orders';
import { OrderList } from '../../features/orders/components/order-list';
import { texts } from '../../texts';
import { ordersSignIn } from './sign-in-prompt';

function Orders({
  orders,
  onMore,
}: {
  orders: QueryState<MyOrders> & { reload: () => void };
  onMore: () => void;
}) {
  const shown = orders.status === 'success' || orders.status === 'loading' ? orders.data : undefined;
  if (orders.status === 'error')
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-6 text-center text-red-800">
        <p>{texts.orders.loadFailed}</p>
        <button type="button" onClick={orders.reload} className={`mt-3 ${PRIMARY_ACTION}`}>
          {texts.orders.retry}
        </button>
      </div>
    );
  if (!shown) return <Spinner label={texts.orders.loading} />;
  if (shown.orders.length === 0)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <h2 className="text-lg font-semibold text-slate-900">{texts.orders.emptyTitle}</h2>
        <p className="mt-1 text-slate-600">{texts.orders.emptyLead}</p>
        <Link to={routes.products} className={`mt-5 ${PRIMARY_ACTION}`}>
          {texts.orders.startShopping}
        </Link>
      </div>
    );
  const loadingMore = orders.status === 'loading';
  return (
    <>
      <OrderList orders={shown.orders} />
      <div className="mt-6 flex flex-col items-center gap-3">
        <p className="text-sm text-slate-500" aria-live="polite">
          {texts.orders.shownOf(shown.orders.length, shown.total)}
        </p>
        {shown.total > shown.orders.length ? (
          <button
            type="button"
            onClick={onMore}
            disabled={loadingMore}
            className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-orange-600 disabled:opacity-60"
          >
            {loadingMore ? texts.orders.loadingMore : texts.orders.showMore}
          </button>
        ) : null}
      </div>
    </>
  );
}

/** /account/orders: the signed-in customer's orders, newest first; visitors are asked to sign in. */
export function OrderHistoryPage() {
  useDocumentTitle(texts.orders.title);
  const ready = useStore($sessionReady);
  const customer = useStore($customer);
  const [limit, setLimit] = useState(ORDERS_PAGE_SIZE);
  const orders = { ...useMyOrders(customer ? limit : null), reload: () => myOrdersQuery.invalidate() };

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
        <Orders orders={orders} onMore={() => setLimit((current) => current + ORDERS_PAGE_SIZE)} />
      </div>
    </CustomerGate>
  );
}
