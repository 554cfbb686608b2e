import { useEffect, useId, useState, type FormEvent } from 'react';
import { texts } from '../../../texts';

/** The thank-you shows for 3 seconds. */
export const NEWSLETTER_THANKS_MS = 3000;

/** Newsletter band: an email only, not sent or stored: the shop has no newsletter yet. */
export function Newsletter() {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [thanked, setThanked] = useState(false);

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => setThanked(false), NEWSLETTER_THANKS_MS);
    return () => clearTimeout(timer);
  }, [thanked]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) return;
    setEmail('');
    setThanked(true);
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="bg-orange-600 text-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-12 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <div>
          <h2 id={`${inputId}-title`} className="text-2xl font-bold">
            {texts.newsletter.title}
          </h2>
          <p className="mt-2 text-orange-100">{texts.newsletter.lead}</p>
        </div>
        <div className="w-full lg:max-w-md">
          <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor={inputId} className="sr-only">
              {texts.newsletter.label}
            </label>
            <input
              id={inputId}
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder={texts.newsletter.placeholder}
              autoComplete="email"
              className="min-w-0 flex-1 rounded-lg px-4 py-3 text-slate-900 bg-white placeholder:text-slate-500 focus:outline-2 focus:outline-offset-2 focus:outline-white"
            />
            <button
              type="submit"
              className="rounded-lg bg-slate-900 px-6 py-3 font-semibold text-white transition hover:bg-slate-800"
            >
              {texts.newsletter.submit}
            </button>
          </form>
          <p role="status" className="mt-2 min-h-6 text-sm font-medium">
            {thanked ? texts.newsletter.thanks : ''}
          </p>
        </div>
      </div>
    </section>
  );
}
