import { formatPrice, routes, roundMoney } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import {
  buttonStyles,
  icons,
  ListPage,
  OrderStatusBadge,
  PaymentStatusBadge,
  RowActions,
  type ListColumn,
} from '../../components';
import { useListPage } from '../../hooks/use-list-page';
import { formatDate } from '../../lib/format';
import { ordersQuery, ORDER_PAGE_SIZE, type OrderListItem } from '../../features/orders/api/get-orders';
import { ORDER_FILTERS } from '../../features/orders/lib/order-filters';
import { orderTexts } from '../../features/orders/texts';
import { emailTexts } from '../../features/emails/texts';

const t = orderTexts.list;

function customerName(order: OrderListItem): string {
  return order.shippingAddress?.full_name || t.guest;
}

const columns: ListColumn<OrderListItem>[] = [
  {
    label: t.columns.order,
    className: 'px-4 py-3 whitespace-nowrap',
    cell: (order) => (
      <>
        <Link
          to={routes.admin.order(order.id)}
          className="font-mono font-semibold text-slate-900 hover:text-orange-700 hover:underline"
        >
          {order.orderNumber}
        </Link>
        <div className="text-xs text-slate-500">{t.items(order.itemCount)}</div>
      </>
    ),
  },
  {
    label: t.columns.date,
    className: 'px-4 py-3 whitespace-nowrap text-slate-600',
    cell: (order) => <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>,
  },
  {
    label: t.columns.customer,
    cell: (order) => (
      <div className="max-w-64 min-w-40">
        <div className="truncate font-medium text-slate-900">{customerName(order)}</div>
        <div className="truncate text-xs text-slate-500">{order.email}</div>
      </div>
    ),
  },
  { label: t.columns.status, cell: (order) => <OrderStatusBadge status={order.status} /> },
  { label: t.columns.payment, cell: (order) => <PaymentStatusBadge status={order.paymentStatus} /> },
  {
    label: t.columns.total,
    align: 'right',
    className: 'px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900',
    cell: (order) => formatPrice(order.total),
  },
  {
    label: t.columns.actions,
    align: 'right',
    cell: (order) => (
      <RowActions
        actions={[{ label: t.view(order.orderNumber), icon: icons.eye, to: routes.admin.order(order.id) }]}
      />
    ),
  },
];

function OrderCard({ order }: { order: OrderListItem }) {
  return (
    <div className="min-w-0 flex-1">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Link
            to={routes.admin.order(order.id)}
            className="font-mono font-semibold text-slate-900 hover:text-orange-700 hover:underline"
          >
            {order.orderNumber}
          </Link>
          <p className="truncate text-sm text-slate-700">{customerName(order)}</p>
          <p className="truncate text-xs text-slate-500">{order.email}</p>
        </div>
        <p className="font-semibold whitespace-nowrap text-slate-900">{formatPrice(order.total)}</p>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.paymentStatus} />
        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
        <span>· {t.items(order.itemCount)}</span>
      </div>
    </div>
  );
}

/** /admin/orders: summary, search by number or e-mail, status and payment filters, the orders and pages. */
export function OrderListPage() {
  useDocumentTitle(`${t.title} · Admin`);
  const list = useListPage({
    spec: ORDER_FILTERS,
    query: (search, filters) => ({ search, status: filters.status, payment: filters.payment }),
    source: ordersQuery,
    pageSize: ORDER_PAGE_SIZE,
    loadFailed: t.loadFailed,
  });
  const orders = list.data?.orders;
  const onPage = orders ?? [];
  const awaiting = onPage.filter((order) => order.paymentStatus === 'awaiting_payment').length;
  const toShip = onPage.filter((order) => order.status === 'pending' || order.status === 'processing').length;
  const value = roundMoney(
    onPage.filter((order) => order.status !== 'cancelled').reduce((sum, order) => sum + order.total, 0),
  );

  return (
    <ListPage
      texts={t}
      cards={[
        { label: t.stats.total, value: list.total, icon: icons.inbox, scope: 'all' },
        { label: t.stats.awaitingPayment, value: awaiting, icon: icons.dollar, tone: 'yellow' },
        { label: t.stats.toShip, value: toShip, icon: icons.package, tone: 'blue' },
        { label: t.stats.value, value: formatPrice(value), icon: icons.check, tone: 'green' },
      ]}
      actions={
        <Link to={routes.admin.orderEmails} className={buttonStyles.secondary}>
          {emailTexts.link}
        </Link>
      }
      list={list}
      items={orders}
      columns={columns}
      card={(order) => <OrderCard order={order} />}
      emptyIcon={icons.inbox}
    />
  );
}
