import { useStore } from '@nanostores/react';
import { $customer, $sessionReady, routes } from '@prepper/shared';
import { isoDay } from '@prepper/shared/supplies';
import { CustomerGate, PRIMARY_ACTION, Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { mySuppliesQuery, useMySupplies } from '../../features/supplies/api/get-my-supplies';
import { useReminderWindow } from '../../features/supplies/api/reminder-window';
import { SupplyList } from '../../features/supplies/components/supply-list';
import { SupplyTimeline } from '../../features/supplies/components/supply-timeline';
import { texts } from '../../texts';
import { suppliesSignIn } from './sign-in-prompt';

const t = texts.supplies;
type View = 'list' | 'timeline';

function ViewSwitch({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const options: [View, string][] = [
    ['list', t.listView],
    ['timeline', t.timelineView],
  ];
  return (
    <div
      role="group"
      aria-label={t.views}
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
    >
      {options.map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={`rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-orange-600 ${
            view === value ? 'bg-orange-600 text-white' : 'text-slate-700 hover:bg-slate-100'
          }`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

function ReminderLine({ signedIn }: { signedIn: boolean }) {
  const window = useReminderWindow(signedIn);
  if (window.data === undefined) return null;
  return (
    <p className="text-sm text-slate-600">
      {t.reminderNote} {texts.reminders.summary(window.data)} ·{' '}
      <Link
        to={routes.accountSettings}
        className="font-medium text-orange-700 underline hover:text-orange-800 focus-visible:outline-2 focus-visible:outline-orange-600"
      >
        {t.changeReminders}
      </Link>
    </p>
  );
}

/**
 * /account/supplies: My Supplies, everything the customer bought that has a best-before date, grouped by
 * product with what expires first on top, or as a timeline by month; each lot marked used up or given
 * away here. Visitors are asked to sign in.
 */
export function SuppliesPage() {
  useDocumentTitle(t.title);
  const ready = useStore($sessionReady);
  const customer = useStore($customer);
  const supplies = useMySupplies(customer !== null);
  const [view, setView] = useState<View>('list');
  const today = isoDay();

  let body;
  if (supplies.status === 'error')
    body = (
      <div role="alert" className="rounded-xl bg-red-50 p-6 text-center text-red-800">
        <p>{t.loadFailed}</p>
        <button
          type="button"
          onClick={() => mySuppliesQuery.invalidate()}
          className={`mt-3 ${PRIMARY_ACTION}`}
        >
          {t.retry}
        </button>
      </div>
    );
  else if (!supplies.data) body = <Spinner label={t.loading} />;
  else if (supplies.data.length === 0)
    body = (
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <h2 className="text-lg font-semibold text-slate-900">{t.emptyTitle}</h2>
        <p className="mt-1 text-slate-600">{t.emptyLead}</p>
        <Link to={routes.products} className={`mt-5 ${PRIMARY_ACTION}`}>
          {t.startShopping}
        </Link>
      </div>
    );
  else
    body =
      view === 'list' ? (
        <SupplyList items={supplies.data} today={today} />
      ) : (
        <SupplyTimeline items={supplies.data} today={today} />
      );

  return (
    <CustomerGate ready={ready} signedIn={customer !== null} loadingLabel={t.loading} signIn={suppliesSignIn}>
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t.title}</h1>
        <p className="mt-1 text-slate-600">{t.lead}</p>
        <div className="mt-4 mb-6 flex flex-wrap items-center justify-between gap-3">
          <ReminderLine signedIn={customer !== null} />
          <ViewSwitch view={view} onChange={setView} />
        </div>
        {body}
      </div>
    </CustomerGate>
  );
}
