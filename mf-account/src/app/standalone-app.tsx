import { useStore } from '@nanostores/react';
import {
  $customer,
  $sessionReady,
  $toasts,
  isSupabaseConfigured,
  openOverlay,
  startSessionSync,
} from '@prepper/shared';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import AccountOverlay from '../exposes/account-overlay';

/** The account remote on its own: a header-like button ('Sign In' or 'Hi, {first name}') opens it. */
export function StandaloneApp() {
  const customer = useStore($customer);
  const ready = useStore($sessionReady);
  const toasts = useStore($toasts);

  useEffect(() => (isSupabaseConfigured() ? startSessionSync() : undefined), []);

  return (
    <BrowserRouter>
      <main className="mx-auto max-w-3xl space-y-4 p-6">
        <h1 className="text-2xl font-bold">mf-account on its own</h1>
        <button
          type="button"
          className="rounded bg-orange-600 px-4 py-2 text-white"
          onClick={() => openOverlay('auth')}
        >
          {!ready ? '…' : customer ? `Hi, ${customer.firstName}` : 'Sign In'}
        </button>
        <ul aria-label="Notifications">
          {toasts.map((item) => (
            <li key={item.id}>{item.message}</li>
          ))}
        </ul>
      </main>
      <AccountOverlay />
    </BrowserRouter>
  );
}
