import type { Customer } from '@prepper/shared';
import { TextField } from '@prepper/shared/ui';
import { useState, type FormEvent } from 'react';
import { checkForm, emailSchema } from '../../../lib/forms';
import { texts } from '../../../texts';
import {
  changeEmailMutation,
  emailStateQuery,
  EmailTaken,
  resendEmailChangeMutation,
} from '../api/change-email';
import { FormMessage, SAVE_BUTTON, SettingsSection } from './settings-section';

const t = texts.settings.email;

/** What the first of two confirmation links left in the address (the auth service's message). */
function linkMessage(): string | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(window.location.search);
  return fragment.get('message') ?? query.get('message');
}

/** Change the e-mail address: requested here, confirmed from both addresses, explained meanwhile. */
export function EmailSection({ customer }: { customer: Customer }) {
  const state = emailStateQuery.use([customer.id]);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [halfway] = useState(() => linkMessage() !== null);
  const [resent, setResent] = useState(false);
  const change = changeEmailMutation.use();
  const resend = resendEmailChangeMutation.use();
  const pending = state.status === 'success' ? state.data.pending : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = checkForm(emailSchema, { email });
    if (!checked.ok || checked.value.email === customer.email.toLowerCase()) {
      setError(checked.ok ? t.same : checked.errors.email);
      (event.currentTarget.elements.namedItem('email') as HTMLInputElement | null)?.focus();
      return;
    }
    const outcome = await change.mutate({ userId: customer.id, email: checked.value.email });
    if (outcome.skipped) return;
    if (outcome.ok) {
      setEmail('');
      setResent(false);
    } else setFailure(outcome.error instanceof EmailTaken ? t.taken : texts.genericError);
  }

  async function sendAgain() {
    const outcome = await resend.mutate({ userId: customer.id, email: customer.email });
    setResent(outcome.ok);
    if (!outcome.ok && !outcome.skipped) setFailure(texts.emailLinks.rateLimited());
  }

  return (
    <SettingsSection title={t.title} lead={t.lead}>
      <p className="text-sm text-slate-700" data-testid="settings-email">
        {t.current(customer.email)}
      </p>
      {halfway && pending ? <FormMessage kind="success">{t.halfway}</FormMessage> : null}
      {pending ? (
        <div
          className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="email-change-pending"
        >
          <p className="font-semibold">{t.pendingTitle}</p>
          <p className="mt-1">{t.pending(pending, customer.email)}</p>
          <button
            type="button"
            onClick={() => void sendAgain()}
            disabled={resend.busy}
            className="mt-2 font-semibold text-orange-700 underline hover:text-orange-800 focus-visible:outline-2 focus-visible:outline-orange-600 disabled:opacity-60"
          >
            {resend.busy ? texts.emailLinks.sending : t.resend}
          </button>
          {resent ? <p role="status">{t.resent}</p> : null}
        </div>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4">
        <TextField
          label={t.new}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={error}
          disabled={change.busy}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
            setFailure(null);
          }}
        />
        <button type="submit" disabled={change.busy} className={`mt-4 ${SAVE_BUTTON}`}>
          {change.busy ? texts.settings.saving : t.save}
        </button>
        {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      </form>
    </SettingsSection>
  );
}
