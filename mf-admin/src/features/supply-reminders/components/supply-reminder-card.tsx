import { formatPrice } from '@prepper/shared';
import { useSupplyReminderStats } from '../api/get-supply-reminder-stats';

/**
 * The dashboard's rotation-reminder card (orders permission): how many reminder e-mails went out and how
 * many orders came from their "Reorder these" links, with those orders' total.
 */
export function SupplyReminderCard() {
  const { data, status } = useSupplyReminderStats();
  const figures: [string, string, string][] = data
    ? [
        ['reminder-emails', 'Reminder e-mails sent', data.emails.toLocaleString('en-US')],
        ['reminder-reorders', 'Reorders from reminders', data.reorders.toLocaleString('en-US')],
        ['reminder-revenue', 'Reorder revenue', formatPrice(data.reorderRevenue)],
      ]
    : [];
  return (
    <section
      aria-labelledby="supply-reminders-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="supply-reminders-heading" className="text-base font-semibold text-slate-900">
        Rotation reminders
      </h2>
      <p className="mt-0.5 text-sm text-slate-500">
        E-mails telling customers their supplies near best-before, and the orders placed from their links.
      </p>
      {status === 'error' ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          The reminder figures could not be loaded.
        </p>
      ) : (
        <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {figures.map(([id, label, value]) => (
            <div key={id} className="rounded-md bg-slate-50 px-4 py-3">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={id}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
