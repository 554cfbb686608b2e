import { formatPrice, routes } from '@prepper/shared';
import { Link } from 'react-router-dom';
import { DataTable, OrderStatusBadge } from '../../../components';
import { formatDate } from '../../../lib/format';
import { texts } from '../../../texts';
import type { RecentOrder } from '../api/get-recent-orders';

export function RecentOrders({ orders }: { orders: RecentOrder[] }) {
  return (
    <section
      aria-labelledby="recent-orders-title"
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 id="recent-orders-title" className="text-lg font-semibold text-slate-900">
          {texts.dashboard.recentOrders}
        </h2>
        <Link to={routes.admin.orders} className="text-sm font-medium text-orange-600 hover:underline">
          {texts.dashboard.viewAll}
        </Link>
      </div>
      {orders.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500">No orders yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            dense
            columns={[
              { label: 'Order' },
              { label: 'Status' },
              { label: 'Amount', align: 'right' },
              { label: 'Date' },
            ]}
          >
            {orders.map((order) => (
              <tr key={order.id}>
                <td className="px-4 py-2 font-mono whitespace-nowrap text-slate-900">
                  <Link to={routes.admin.order(order.id)} className="hover:text-orange-700 hover:underline">
                    {order.orderNumber}
                  </Link>
                </td>
                <td className="px-4 py-2">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="px-4 py-2 text-right text-slate-900">{formatPrice(order.totalAmount)}</td>
                <td className="px-4 py-2 whitespace-nowrap text-slate-600">{formatDate(order.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </section>
  );
}
