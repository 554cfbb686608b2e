import { formatPrice, routes, roundMoney, toast } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import {
  buttonStyles,
  icons,
  ListPage,
  usePagedList,
  useListParams,
  type ListColumn,
} from '../../../components';
import { formatDate } from '../../../lib/format';
import {
  CUSTOMER_PAGE_SIZE,
  customerName,
  customersQuery,
  type CustomerListItem,
} from '../api/get-customers';
import { customerTexts } from '../texts';

const t = customerTexts.list;
const NO_FILTERS = {};

function showFetchError(error: unknown) {
  console.error(error);
  toast.error(t.loadFailed);
}

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
      <div className="flex justify-end">
        <Link
          to={routes.admin.customer(customer.id)}
          className={buttonStyles.icon}
          aria-label={t.view(customerName(customer))}
          title={t.view(customerName(customer))}
        >
          <icons.eye />
        </Link>
      </div>
    ),
  },
];

/** /admin/customers: search by name or e-mail, orders count, total spent, date joined, pages. */
export function CustomerListPage() {
  useDocumentTitle(`${t.title} · Admin`);
  const { search, filters, page, change } = useListParams(NO_FILTERS);
  const list = usePagedList({
    query: { search, page },
    source: customersQuery,
    pageSize: CUSTOMER_PAGE_SIZE,
    onError: showFetchError,
    goToPage: (next) => change({ page: next }),
  });
  const customers = list.data?.customers;
  const onPage = customers ?? [];

  return (
    <ListPage
      texts={t}
      cards={[
        {
          key: 'total',
          label: t.stats.total,
          value: list.total,
          hint: t.stats.allMatching,
          icon: <icons.layers />,
        },
        {
          key: 'with-orders',
          label: t.stats.withOrders,
          value: onPage.filter((customer) => customer.ordersCount > 0).length,
          hint: t.stats.onThisPage,
          icon: <icons.package />,
          tone: 'bg-blue-100 text-blue-700',
        },
        {
          key: 'orders',
          label: t.stats.orders,
          value: onPage.reduce((sum, customer) => sum + customer.ordersCount, 0),
          hint: t.stats.onThisPage,
          icon: <icons.inbox />,
          tone: 'bg-yellow-100 text-yellow-700',
        },
        {
          key: 'spent',
          label: t.stats.spent,
          value: formatPrice(roundMoney(onPage.reduce((sum, customer) => sum + customer.totalSpent, 0))),
          hint: t.stats.onThisPage,
          icon: <icons.dollar />,
          tone: 'bg-green-100 text-green-700',
        },
      ]}
      toolbar={{ search, spec: NO_FILTERS, filters, onChange: change, texts: t }}
      items={customers}
      loading={list.loading}
      error={list.error}
      onRetry={list.reload}
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
      pagination={{
        page: list.page,
        pages: list.pages,
        total: list.total,
        pageSize: CUSTOMER_PAGE_SIZE,
        onPageChange: (next) => change({ page: next }),
      }}
    />
  );
}
