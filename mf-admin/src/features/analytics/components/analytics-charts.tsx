import { formatPrice } from '@prepper/shared';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsSeries, SeriesPoint } from '../api/analytics';
import { dayLabel } from '../lib/date-range';

const ORANGE = '#ea580c';
const SLATE = '#94a3b8';

type Measure = 'revenue' | 'orders' | 'averageOrderValue' | 'units';

const CHARTS: { measure: Measure; title: string; money: boolean }[] = [
  { measure: 'revenue', title: 'Revenue', money: true },
  { measure: 'orders', title: 'Orders', money: false },
  { measure: 'averageOrderValue', title: 'Average order value', money: true },
  { measure: 'units', title: 'Units sold', money: false },
];

function show(value: number, money: boolean): string {
  return money ? formatPrice(value) : value.toLocaleString('en-US');
}

/**
 * Revenue, orders, average order value and units per bucket, the period as a line and the previous
 * period (bucket by bucket, in order) as a grey one, drawn at once (no animation: eight lines animating
 * kept a slow machine busy for seconds). Loaded lazily: recharts travels in this chunk only.
 */
export default function AnalyticsCharts({ series }: { series: AnalyticsSeries }) {
  const data = series.current.map((point, index) => {
    const before: SeriesPoint | undefined = series.previous[index];
    return {
      label: dayLabel(point.bucketStart),
      revenue: point.revenue,
      orders: point.orders,
      averageOrderValue: point.averageOrderValue,
      units: point.units,
      previousRevenue: before?.revenue ?? null,
      previousOrders: before?.orders ?? null,
      previousAverageOrderValue: before?.averageOrderValue ?? null,
      previousUnits: before?.units ?? null,
    };
  });
  const previousKey = (measure: Measure) =>
    `previous${measure.charAt(0).toUpperCase()}${measure.slice(1)}` as const;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {CHARTS.map(({ measure, title, money }) => (
        <section
          key={measure}
          aria-label={`${title} chart`}
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          <p className="sr-only">
            {data.map((row) => `${row.label}: ${show(row[measure], money)}`).join('; ') || 'No figures'}
          </p>
          <div className="mt-3 h-56" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={data} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
                <YAxis
                  tick={{ fontSize: 11 }}
                  allowDecimals={money}
                  width={money ? 64 : 40}
                  tickFormatter={(value: number) => (money ? `$${value}` : String(value))}
                />
                <Tooltip formatter={(value) => show(Number(value), money)} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Line
                  type="monotone"
                  dataKey={measure}
                  name="This period"
                  stroke={ORANGE}
                  strokeWidth={2}
                  dot={data.length <= 31}
                  isAnimationActive={false}
                />
                <Line
                  type="monotone"
                  dataKey={previousKey(measure)}
                  name="Previous period"
                  stroke={SLATE}
                  strokeDasharray="4 4"
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </div>
        </section>
      ))}
    </div>
  );
}
