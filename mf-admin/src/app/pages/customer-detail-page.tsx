import { formatPrice, routes } from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { Link, useParams } from 'react-router-dom';
import {
  buttonStyles,
  DetailUnavailable,
  icons,
  OrderStatusBadge,
  PageHeader,
  PaymentStatusBadge,
  ResponsiveList,
  StatCard,
} from '../../components';
import { formatDate } from '../../lib/format';
import {
  customerQuery,
  useCustomer,
  type CustomerDetail,
  type CustomerOrder,
} from '../../features/customers/api/get-customer';
import { customerName } from '../../features/customers/api/get-customers';
import { customerTexts } from '../../features/customers/texts';

const t = customerTexts.detail;

function OrderNumberLink({ order }: { order: CustomerOrder }) {
  return (
    <Link
      to={routes.admin.order(order.id)}
      className="font-mono font-semibold text-slate-900 hover:text-orange-700 hover:underline"
    >
      {order.orderNumber}
    </Link>
  );
}

function CustomerView({ customer }: { customer: CustomerDetail }) {
  return (
    <div>
      <PageHeader
        back={
          <Link to={routes.admin.customers} className={buttonStyles.back}>
            <icons.arrowLeft />
            {t.back}
          </Link>
        }
        title={customerName(customer)}
        subtitle={t.joined(formatDate(customer.createdAt))}
      />
      <section
        aria-label={customerTexts.list.summary}
        className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-3 lg:gap-4"
      >
        <StatCard label={t.email} value={<span className="text-base break-all">{customer.email}</span>} />
        <StatCard label={t.ordersCount} value={customer.ordersCount} tone="blue" />
        <StatCard label={t.totalSpent} value={formatPrice(customer.totalSpent)} hint={t.totalSpentHint} />
      </section>
      <section
        aria-labelledby="customer-orders-title"
        className="rounded-lg border border-slate-200 bg-white shadow-sm"
      >
        <h2
          id="customer-orders-title"
          className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900"
        >
          {t.orders}
        </h2>
        {customer.orders.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-500">{t.noOrders}</p>
        ) : (
          <ResponsiveList
            items={customer.orders}
            loading={false}
            columns={[
              { label: t.columns.order, cell: (order) => <OrderNumberLink order={order} /> },
              {
                label: t.columns.date,
                className: 'px-4 py-3 whitespace-nowrap text-slate-600',
                cell: (order) => formatDate(order.createdAt),
              },
              { label: t.columns.status, cell: (order) => <OrderStatusBadge status={order.status} /> },
              {
                label: t.columns.payment,
                cell: (order) => <PaymentStatusBadge status={order.paymentStatus} />,
              },
              {
                label: t.columns.total,
                align: 'right',
                className: 'px-4 py-3 text-right font-medium whitespace-nowrap',
                cell: (order) => formatPrice(order.total),
              },
            ]}
            card={(order) => (
              <div className="min-w-0 flex-1">
                <div className="flex justify-between gap-2">
                  <OrderNumberLink order={order} />
                  <span className="font-semibold">{formatPrice(order.total)}</span>
                </div>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                  <OrderStatusBadge status={order.status} />
                  <PaymentStatusBadge status={order.paymentStatus} />
                  {formatDate(order.createdAt)}
                </div>
              </div>
            )}
          />
        )}
      </section>
      <p className="mt-4 text-xs text-slate-500">{t.readOnly}</p>
    </div>
  );
}

/** /admin/customers/:userId: who they are and their orders (linking to the order pages). Read only. */
export function CustomerDetailPage() {
  const { userId = '' } = useParams();
  const state = useCustomer(userId);
  const customer = state.data;
  useDocumentTitle(customer ? `${customerName(customer)} · Admin` : `${customerTexts.list.title} · Admin`);

  if (customer) return <CustomerView customer={customer} />;
  if (state.status === 'loading') return <Spinner label={t.loading} />;
  return (
    <DetailUnavailable
      back={{ to: routes.admin.customers, label: t.back }}
      error={state.error ?? null}
      texts={t}
      onRetry={() => customerQuery.invalidate(userId)}
    />
  );
}
