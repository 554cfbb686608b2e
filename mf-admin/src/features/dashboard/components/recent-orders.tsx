import { formatPrice, routes } from '@prepper/shared';
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components';
import { formatDate } from '../../../lib/format';
import { texts } from '../../../texts';
import type { RecentOrder } from '../api/get-recent-orders';
import { orderStatusTone, shortOrderId } from '../utils/dashboard-stats';

const STATUS_CLASSES = {
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  grey: 'bg-slate-100 text-slate-700',
} as const;

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
                <td className="px-4 py-2 font-mono text-slate-900">{shortOrderId(order.id)}</td>
                <td className="px-4 py-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${STATUS_CLASSES[orderStatusTone(order.status)]}`}
                  >
                    {order.status}
                  </span>
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
