import { formatPrice, routes, roundMoney, toast } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import {
  buttonStyles,
  icons,
  ListPage,
  OrderStatusBadge,
  PaymentStatusBadge,
  usePagedList,
  useListParams,
  type ListColumn,
} from '../../../components';
import { formatDate } from '../../../lib/format';
import { ordersQuery, ORDER_PAGE_SIZE, type OrderListItem } from '../api/get-orders';
import { ORDER_FILTERS } from '../lib/order-filters';
import { orderTexts } from '../texts';

const t = orderTexts.list;

function showFetchError(error: unknown) {
  console.error(error);
  toast.error(t.loadFailed);
}

function customerName(order: OrderListItem): string {
  return order.shippingAddress?.full_name || t.guest;
}

function ViewOrderLink({ order }: { order: OrderListItem }) {
  return (
    <Link
      to={routes.admin.order(order.id)}
      className={buttonStyles.icon}
      aria-label={t.view(order.orderNumber)}
      title={t.view(order.orderNumber)}
    >
      <icons.eye />
    </Link>
  );
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
      <div className="flex justify-end">
        <ViewOrderLink order={order} />
      </div>
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
  const { search, filters, page, change } = useListParams(ORDER_FILTERS);
  const list = usePagedList({
    query: { search, status: filters.status, payment: filters.payment, page },
    source: ordersQuery,
    pageSize: ORDER_PAGE_SIZE,
    onError: showFetchError,
    goToPage: (next) => change({ page: next }),
  });
  const orders = list.data?.orders;
  const onPage = orders ?? [];

  return (
    <ListPage
      texts={t}
      cards={[
        {
          key: 'total',
          label: t.stats.total,
          value: list.total,
          hint: t.stats.allMatching,
          icon: <icons.inbox />,
        },
        {
          key: 'awaiting',
          label: t.stats.awaitingPayment,
          value: onPage.filter((order) => order.paymentStatus === 'awaiting_payment').length,
          hint: t.stats.onThisPage,
          icon: <icons.dollar />,
          tone: 'bg-yellow-100 text-yellow-700',
        },
        {
          key: 'to-ship',
          label: t.stats.toShip,
          value: onPage.filter((order) => order.status === 'pending' || order.status === 'processing').length,
          hint: t.stats.onThisPage,
          icon: <icons.package />,
          tone: 'bg-blue-100 text-blue-700',
        },
        {
          key: 'value',
          label: t.stats.value,
          value: formatPrice(
            roundMoney(
              onPage
                .filter((order) => order.status !== 'cancelled')
                .reduce((sum, order) => sum + order.total, 0),
            ),
          ),
          hint: t.stats.onThisPage,
          icon: <icons.check />,
          tone: 'bg-green-100 text-green-700',
        },
      ]}
      toolbar={{ search, spec: ORDER_FILTERS, filters, onChange: change, texts: t }}
      items={orders}
      loading={list.loading}
      error={list.error}
      onRetry={list.reload}
      columns={columns}
      card={(order) => <OrderCard order={order} />}
      emptyIcon={icons.inbox}
      pagination={{
        page: list.page,
        pages: list.pages,
        total: list.total,
        pageSize: ORDER_PAGE_SIZE,
        onPageChange: (next) => change({ page: next }),
      }}
    />
  );
}
