import { $customer, $sessionReady, useClientStore, type Product } from '@prepper/shared';
import { TextField } from '@prepper/shared/ui';
import { useState, type FormEvent } from 'react';
import { myHoldQuery } from '../api/get-my-hold';
import { waitlistStatusQuery } from '../api/get-waitlist-status';
import { useSetWaitlistSubscription } from '../api/set-waitlist-subscription';
import { useSubscribeEmailToWaitlist } from '../api/subscribe-email-to-waitlist';
import { waitlistTexts } from '../texts';
import { HeldStock } from './held-stock';

const t = waitlistTexts;
const BUTTON =
  'rounded-lg bg-slate-900 px-5 py-2.5 font-semibold text-white transition hover:bg-slate-800 disabled:opacity-70';
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The signed-in customer's one click, and the way back. */
function CustomerNotify({ productId }: { productId: string }) {
  const status = waitlistStatusQuery.use([productId]);
  const { mutate, busy, error } = useSetWaitlistSubscription();
  const [waiting, setWaiting] = useState<boolean | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const current = waiting ?? (status.status === 'success' ? status.data : null);
  if (current === null) return null;
  const message =
    error !== undefined ? (error instanceof Error ? error.message : t.failed) : cancelled ? t.cancelled : '';

  async function toggle(next: boolean) {
    setCancelled(false);
    const outcome = await mutate(productId, next);
    if (!outcome.ok) return;
    // Shown at once; the status query, made stale by the write, catches up.
    setWaiting(outcome.data);
    setCancelled(!next);
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      {current ? (
        <>
          <p className="font-medium text-green-800">{t.waiting}</p>
          <button
            type="button"
            onClick={() => void toggle(false)}
            disabled={busy}
            className="shrink-0 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-70"
          >
            {t.cancel}
          </button>
        </>
      ) : (
        <button
          type="button"
          onClick={() => void toggle(true)}
          disabled={busy}
          aria-busy={busy}
          className={BUTTON}
        >
          {busy ? t.saving : t.notify}
        </button>
      )}
      <p role="status" className="text-sm text-slate-700 empty:hidden">
        {message}
      </p>
    </div>
  );
}

/** A visitor gives an address and confirms it from the e-mail. */
function VisitorNotify({ productId }: { productId: string }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState('');
  const [sentTo, setSentTo] = useState('');
  const { mutate, busy, error: failure } = useSubscribeEmailToWaitlist();
  const error =
    problem || (failure === undefined ? '' : failure instanceof Error ? failure.message : t.failed);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const found = address === '' ? t.emailRequired : EMAIL_SHAPE.test(address) ? '' : t.emailInvalid;
    setProblem(found);
    if (found) return;
    if ((await mutate(productId, address)).ok) setSentTo(address);
  }

  if (sentTo) {
    return (
      <p role="status" className="font-medium text-green-800">
        {t.checkEmail(sentTo)}
      </p>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <TextField
        label={t.emailLabel}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error || undefined}
        className="flex-1"
      />
      <button type="submit" disabled={busy} aria-busy={busy} className={`${BUTTON} sm:mt-6`}>
        {busy ? t.saving : t.notify}
      </button>
    </form>
  );
}

/**
 * The product page's waitlist: emergency mode's held stock (HeldStock: how many units are held for the
 * waitlist, or the signed-in holder's own unit, which they add to the cart from there), and "Notify me
 * when it's back" when the product is out of stock for this shopper. One lazily loaded module for both.
 */
export function NotifyMe({ product }: { product: Product }) {
  const customer = useClientStore($customer, null);
  const ready = useClientStore($sessionReady, false);
  const mine = myHoldQuery.use(product.held && customer ? [product.id, customer.id] : null);
  const hold = mine.status === 'success' ? mine.data : null;
  return (
    <>
      {!!product.held && <HeldStock product={product} hold={hold} />}
      {!product.inStock && !hold && (customer || ready) && (
        <section
          aria-labelledby="notify-me"
          className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
        >
          <h2 id="notify-me" className="font-semibold text-slate-900">
            {t.heading}
          </h2>
          <p className="mt-1 mb-3 text-sm text-slate-600">{t.lead}</p>
          {customer ? (
            <CustomerNotify key={customer.id} productId={product.id} />
          ) : (
            <VisitorNotify productId={product.id} />
          )}
        </section>
      )}
    </>
  );
}
