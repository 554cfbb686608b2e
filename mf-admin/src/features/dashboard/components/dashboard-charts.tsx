import { formatPrice } from '@prepper/shared';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { texts } from '../../../texts';
import type { SalesMonth } from '../api/get-sales-overview';
import type { TopProduct } from '../api/get-top-products';
import { monthLabel } from '../lib/dashboard-stats';

const ORANGE = '#ea580c';
const SLATE = '#334155';

function ChartPanel({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-label={title} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="sr-only">{summary}</p>
      <div className="mt-4 h-64">{children}</div>
    </section>
  );
}

function money(value: unknown): string {
  return formatPrice(Number(value));
}

/**
 * The two recharts charts. Loaded lazily by the dashboard, so recharts travels in its own chunk of
 * the admin remote and nowhere else.
 */
export default function DashboardCharts({
  sales,
  topProducts,
}: {
  sales: SalesMonth[];
  topProducts: TopProduct[];
}) {
  const salesData = sales.map((row) => ({ ...row, label: monthLabel(row.month) }));
  const salesSummary = salesData
    .map((row) => `${row.label}: ${money(row.revenue)}, ${row.orders} orders`)
    .join('; ');
  const topSummary = topProducts
    .map((row) => `${row.name}: ${money(row.revenue)}, ${row.units} units`)
    .join('; ');
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ChartPanel title={texts.dashboard.salesOverview} summary={salesSummary || 'No sales yet'}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={salesData} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis yAxisId="revenue" tick={{ fontSize: 12 }} tickFormatter={(value: number) => `$${value}`} />
            <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(value, name) => (name === 'Revenue' ? money(value) : String(value))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Line
              yAxisId="revenue"
              type="monotone"
              dataKey="revenue"
              name="Revenue"
              stroke={ORANGE}
              strokeWidth={2}
              dot
            />
            <Line
              yAxisId="orders"
              type="monotone"
              dataKey="orders"
              name="Orders"
              stroke={SLATE}
              strokeWidth={2}
              dot
            />
          </LineChart>
        </ResponsiveContainer>
      </ChartPanel>
      <ChartPanel title={texts.dashboard.topProducts} summary={topSummary || 'No sales yet'}>
        {topProducts.length === 0 ? (
          <p className="flex h-full items-center justify-center text-sm text-slate-500">No sales yet.</p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={topProducts} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis type="number" tick={{ fontSize: 12 }} tickFormatter={(value: number) => `$${value}`} />
              <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 11 }} />
              <Tooltip formatter={(value) => money(value)} />
              <Bar dataKey="revenue" name="Revenue" fill={ORANGE} radius={[0, 4, 4, 0]} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartPanel>
    </div>
  );
}
