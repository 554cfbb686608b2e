import { routes } from '@prepper/shared';
import { PRIMARY_ACTION, TextField } from '@prepper/shared/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { createAccountSchema, firstIssue, guestEmailSchema } from '../../../lib/guest-forms';
import { texts } from '../../../texts';
import { useCreateAccount, type CreateAccountOutcome } from '../api/create-account';

function accountProblem(error: unknown): string {
  const { code, status, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    status?: unknown;
    message?: unknown;
  };
  if (code === 'email_exists' || code === 'user_already_exists') return texts.confirmation.emailTaken;
  if (code === 'over_email_send_rate_limit' || status === 429) return texts.confirmation.tooMany;
  // weak_password and validation_failed carry the server's reason for the customer.
  if ((code === 'weak_password' || code === 'validation_failed') && typeof message === 'string')
    return message;
  return texts.confirmation.accountFailed;
}

/**
 * On a guest's confirmation page: "Save your details: create an account". The guest's own user becomes
 * a full account once the e-mailed link is followed; until then nothing changes (the link signs them in
 * on Order History, where this order is).
 */
export function SaveYourDetails({ orderEmail, fullName }: { orderEmail: string; fullName: string }) {
  const { mutate, busy, error } = useCreateAccount();
  const [email, setEmail] = useState(orderEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [done, setDone] = useState<{ email: string; outcome: CreateAccountOutcome } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      email: firstIssue(guestEmailSchema, email),
      password: firstIssue(createAccountSchema.entries.password, password),
    };
    setErrors(found);
    if (found.email || found.password) return;
    const input = v.parse(createAccountSchema, { email, password });
    const outcome = await mutate({ ...input, fullName });
    if (outcome.ok) setDone({ email: input.email, outcome: outcome.data });
  }

  return (
    <section
      aria-labelledby="save-details-title"
      className="mt-8 rounded-xl border border-orange-200 bg-orange-50 p-5 sm:p-6"
    >
      <h2 id="save-details-title" className="text-lg font-bold text-slate-900">
        {texts.confirmation.saveDetailsTitle}
      </h2>
      {done?.outcome === 'confirm-by-email' ? (
        <p role="status" className="mt-2 text-sm text-slate-800">
          {texts.confirmation.checkInbox(done.email)}
        </p>
      ) : done ? (
        <div role="status" className="mt-2 text-sm text-slate-800">
          <p>{texts.confirmation.accountReady}</p>
          <Link to={routes.accountOrders} className={`mt-4 ${PRIMARY_ACTION}`}>
            {texts.confirmation.viewOrders}
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-2 space-y-4">
          <p className="text-sm text-slate-700">{texts.confirmation.saveDetailsLead}</p>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              name="email"
              type="email"
              label={texts.confirmation.email}
              autoComplete="email"
              required
              value={email}
              error={errors.email}
              disabled={busy}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              name="password"
              type="password"
              label={texts.confirmation.password}
              autoComplete="new-password"
              required
              value={password}
              error={errors.password}
              disabled={busy}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          {error === undefined ? null : (
            <p role="alert" className="text-sm font-medium text-red-700">
              {accountProblem(error)}
            </p>
          )}
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-orange-600 px-6 py-3 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:opacity-60"
          >
            {busy ? texts.confirmation.creatingAccount : texts.confirmation.createAccount}
          </button>
        </form>
      )}
    </section>
  );
}
