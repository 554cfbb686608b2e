import { useId, useState, type FormEvent } from 'react';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter';
import { newsletterTexts } from '../texts';

const t = newsletterTexts;

/** The shape of an address before the database's own check (a plain address, email_plain_normalised). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The home page's newsletter band: the address is stored with double opt-in (newsletter_subscribe sends
 * a confirmation e-mail; nothing else is sent until its link is followed). The field clears and the
 * visitor is thanked and told to confirm; a bad address or a limit reached says why and keeps the text.
 */
export function Newsletter() {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState('');
  const [sentTo, setSentTo] = useState('');
  const { mutate, busy, error: failure } = useSubscribeToNewsletter();
  const error =
    problem || (failure === undefined ? '' : failure instanceof Error ? failure.message : t.failed);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    const found = address === '' ? t.emailRequired : EMAIL_SHAPE.test(address) ? '' : t.emailInvalid;
    setProblem(found);
    setSentTo('');
    if (found) return;
    if ((await mutate(address)).ok) {
      setEmail('');
      setSentTo(address);
    }
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="bg-orange-600 text-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-12 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <div>
          <h2 id={`${inputId}-title`} className="text-2xl font-bold">
            {t.title}
          </h2>
          <p className="mt-2 text-orange-100">{t.lead}</p>
        </div>
        <div className="w-full lg:max-w-md">
          <form
            noValidate
            onSubmit={(event) => void submit(event)}
            className="flex flex-col gap-2 sm:flex-row"
          >
            <label htmlFor={inputId} className="sr-only">
              {t.label}
            </label>
            <input
              id={inputId}
              type="email"
              required
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (problem) setProblem('');
              }}
              placeholder={t.placeholder}
              autoComplete="email"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="min-w-0 flex-1 rounded-lg px-4 py-3 text-slate-900 bg-white placeholder:text-slate-500 focus:outline-2 focus:outline-offset-2 focus:outline-white"
            />
            <button
              type="submit"
              disabled={busy}
              aria-busy={busy}
              className="rounded-lg bg-slate-900 px-6 py-3 font-semibold text-white transition hover:bg-slate-800 disabled:opacity-70"
            >
              {t.submit}
            </button>
          </form>
          {error ? (
            <p id={errorId} className="mt-2 text-sm font-semibold">
              {error}
            </p>
          ) : null}
          <p role="status" className="mt-2 min-h-6 text-sm font-medium">
            {sentTo ? `${t.thanks} ${t.checkEmail(sentTo)}` : ''}
          </p>
        </div>
      </div>
    </section>
  );
}
