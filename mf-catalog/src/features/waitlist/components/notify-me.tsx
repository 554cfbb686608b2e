import { $customer, $guest, $sessionReady, openOverlay, useClientStore, type Product } from '@prepper/shared';
import type { Query } from '@prepper/shared/query';
import { TextField } from '@prepper/shared/ui';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { claimHold, signInAsGuest } from '../api/claim-hold';
import { myHoldQuery } from '../api/get-my-hold';
import { withOwnHold } from '../held';
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
 * The product link of a holding back-in-stock e-mail (`?hold=`): its reader claims the hold for the
 * account or guest session they are signed in with (waitlist_claim_hold), so the unit is theirs at the
 * checkout whatever address they subscribed with; signed out, they are asked to sign in or continue as
 * a guest first.
 */
function ClaimHold({ token, who, onClaimed }: { token: string; who: string | null; onClaimed: () => void }) {
  const ready = useClientStore($sessionReady, false);
  const [outcome, setOutcome] = useState<'ended' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!who) return;
    let live = true;
    claimHold(token).then(
      (claimed) => {
        if (!live) return;
        if (claimed) onClaimed();
        else setOutcome('ended');
      },
      () => live && setOutcome('failed'),
    );
    return () => {
      live = false;
    };
  }, [token, who, onClaimed]);

  async function asGuest() {
    setBusy(true);
    try {
      await signInAsGuest();
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  }

  if (outcome)
    return (
      <p role="status" className="mt-3 text-sm text-slate-700">
        {outcome === 'ended' ? t.held.claimEnded : t.failed}
      </p>
    );
  if (who || !ready) return null;
  return (
    <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="font-semibold text-green-800">{t.held.claimLead}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" onClick={() => openOverlay('auth')} className={BUTTON}>
          {t.held.signIn}
        </button>
        <button
          type="button"
          onClick={() => void asGuest()}
          disabled={busy}
          aria-busy={busy}
          className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-70"
        >
          {t.held.guest}
        </button>
      </div>
    </div>
  );
}

/**
 * The product page's waitlist: emergency mode's held stock (HeldStock: how many units are held for the
 * waitlist, or the signed-in holder's own unit), and "Notify me when it's back" when the product is out
 * of stock for this shopper. The holder's own units go back into the page's product (its stock is read
 * for everyone alike), so the page's own Add to Cart and Buy Now sell them too. A holding e-mail's link
 * claims its hold first (ClaimHold). One lazily loaded module for all of it.
 */
export function NotifyMe({
  product,
  productQuery,
}: {
  product: Product;
  /** The page's product query, whose product gets the holder's own units back in its stock (withOwnHold). */
  productQuery: Query<[id: string], Product | null>;
}) {
  const customer = useClientStore($customer, null);
  const guest = useClientStore($guest, null);
  const ready = useClientStore($sessionReady, false);
  const [params] = useSearchParams();
  const token = params.get('hold');
  const who = customer?.id ?? guest?.id ?? null;
  const mine = myHoldQuery.use(product.held && who ? [product.id, who] : null);
  const hold = mine.status === 'success' ? mine.data : null;
  const quantity = hold?.quantity ?? 0;
  useEffect(() => {
    if (quantity > 0 && !product.ownHeld)
      productQuery.store(product.id).mutate(withOwnHold(product, quantity));
  }, [product, quantity, productQuery]);
  const claimed = useCallback(() => {
    if (who) myHoldQuery.invalidate(product.id, who);
  }, [product.id, who]);
  return (
    <>
      {token && !hold && !!product.held && <ClaimHold token={token} who={who} onClaimed={claimed} />}
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

/** The product page loads it lazily (a sold-out product, or one with units held for its waitlist). */
export default NotifyMe;
