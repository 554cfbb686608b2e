import { formatPrice, routes, roundMoney } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import { icons, ListPage, RowActions, type ListColumn } from '../../components';
import { useListPage } from '../../hooks/use-list-page';
import { formatDate } from '../../lib/format';
import {
  CUSTOMER_PAGE_SIZE,
  customerName,
  customersQuery,
  type CustomerListItem,
} from '../../features/customers/api/get-customers';
import { customerTexts } from '../../features/customers/texts';
import { NewsletterPanel } from '../../features/newsletter/components/newsletter-panel';

const t = customerTexts.list;
const NO_FILTERS = {};

function CustomerLink({ customer }: { customer: CustomerListItem }) {
  return (
    <Link
      to={routes.admin.customer(customer.id)}
      className="font-medium text-slate-900 hover:text-orange-700 hover:underline"
    >
      {customerName(customer)}
    </Link>
  );
}

const columns: ListColumn<CustomerListItem>[] = [
  {
    label: t.columns.customer,
    cell: (customer) => (
      <div className="max-w-72 min-w-48">
        <CustomerLink customer={customer} />
        <div className="truncate text-xs text-slate-500">{customer.email}</div>
      </div>
    ),
  },
  {
    label: t.columns.joined,
    className: 'px-4 py-3 whitespace-nowrap text-slate-600',
    cell: (customer) => <time dateTime={customer.createdAt}>{formatDate(customer.createdAt)}</time>,
  },
  { label: t.columns.orders, align: 'right', cell: (customer) => customer.ordersCount },
  {
    label: t.columns.spent,
    align: 'right',
    className: 'px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900',
    cell: (customer) => formatPrice(customer.totalSpent),
  },
  {
    label: t.columns.lastOrder,
    className: 'px-4 py-3 whitespace-nowrap text-slate-600',
    cell: (customer) => (customer.lastOrderAt ? formatDate(customer.lastOrderAt) : t.never),
  },
  {
    label: t.columns.actions,
    align: 'right',
    cell: (customer) => (
      <RowActions
        actions={[
          { label: t.view(customerName(customer)), icon: icons.eye, to: routes.admin.customer(customer.id) },
        ]}
      />
    ),
  },
];

/**
 * /admin/customers: search by name or e-mail, orders count, total spent, date joined, pages; below, the
 * newsletter's subscriber count and the CSV export of confirmed subscribers.
 */
export function CustomerListPage() {
  useDocumentTitle(`${t.title} · Admin`);
  const list = useListPage({
    spec: NO_FILTERS,
    query: (search) => ({ search }),
    source: customersQuery,
    pageSize: CUSTOMER_PAGE_SIZE,
    loadFailed: t.loadFailed,
  });
  const customers = list.data?.customers;
  const onPage = customers ?? [];
  const withOrders = onPage.filter((customer) => customer.ordersCount > 0).length;
  const ordersPlaced = onPage.reduce((sum, customer) => sum + customer.ordersCount, 0);
  const spent = roundMoney(onPage.reduce((sum, customer) => sum + customer.totalSpent, 0));

  return (
    <>
      <ListPage
        texts={t}
        cards={[
          { label: t.stats.total, value: list.total, icon: icons.layers, scope: 'all' },
          { label: t.stats.withOrders, value: withOrders, icon: icons.package, tone: 'blue' },
          { label: t.stats.orders, value: ordersPlaced, icon: icons.inbox, tone: 'yellow' },
          { label: t.stats.spent, value: formatPrice(spent), icon: icons.dollar, tone: 'green' },
        ]}
        list={list}
        items={customers}
        columns={columns}
        card={(customer) => (
          <div className="min-w-0 flex-1">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <CustomerLink customer={customer} />
                <p className="truncate text-xs text-slate-500">{customer.email}</p>
              </div>
              <p className="font-semibold whitespace-nowrap text-slate-900">
                {formatPrice(customer.totalSpent)}
              </p>
            </div>
            <p className="mt-1 text-xs text-slate-500">
              {t.orders(customer.ordersCount)} · {t.columns.joined} {formatDate(customer.createdAt)}
            </p>
          </div>
        )}
        emptyIcon={icons.layers}
      />
      <NewsletterPanel />
    </>
  );
}
