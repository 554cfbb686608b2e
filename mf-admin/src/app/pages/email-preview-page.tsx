import { routes } from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonStyles, inputClass, PageHeader } from '../../components';
import { emailPreviewsQuery, useEmailPreviews } from '../../features/emails/api/get-email-previews';
import { emailTexts as t } from '../../features/emails/texts';

/**
 * /admin/orders/emails: every e-mail template with sample data, as the customer gets it. The HTML part
 * is shown in a sandboxed frame (no script, no same-origin access), the plain-text part as it is.
 */
export function EmailPreviewPage() {
  useDocumentTitle(`${t.title} · Admin`);
  const state = useEmailPreviews();
  const chooserId = useId();
  const [kind, setKind] = useState<string | null>(null);
  const mails = state.data ?? [];
  const mail = mails.find((candidate) => candidate.kind === kind) ?? mails[0];

  const back = (
    <Link to={routes.admin.orders} className="text-sm font-medium text-orange-700 hover:underline">
      ← {t.back}
    </Link>
  );
  if (!mail && state.status === 'loading') return <Spinner label={t.loading} />;
  if (!mail) {
    return (
      <div>
        <PageHeader title={t.title} subtitle={t.subtitle} back={back} />
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {t.loadFailed}
        </p>
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-3`}
          onClick={() => emailPreviewsQuery.invalidate()}
        >
          {t.retry}
        </button>
      </div>
    );
  }
  return (
    <div>
      <PageHeader title={t.title} subtitle={t.subtitle} back={back} />
      <div className="mb-4 max-w-md">
        <label htmlFor={chooserId} className="mb-1 block text-sm font-medium text-slate-700">
          {t.choose}
        </label>
        <select
          id={chooserId}
          value={mail.kind}
          onChange={(event) => setKind(event.target.value)}
          className={inputClass}
        >
          {mails.map((candidate) => (
            <option key={candidate.kind} value={candidate.kind}>
              {candidate.label}
            </option>
          ))}
        </select>
      </div>
      <section
        aria-labelledby="email-subject"
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="email-subject" className="text-sm font-medium text-slate-500">
          {t.subject}
        </h2>
        <p className="mb-4 text-lg font-semibold text-slate-900" data-testid="email-subject">
          {mail.subject}
        </p>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <div>
            <h3 className="mb-2 text-sm font-medium text-slate-500">{t.html}</h3>
            <iframe
              title={t.frameTitle(mail.label)}
              sandbox=""
              srcDoc={mail.html}
              className="h-[32rem] w-full rounded border border-slate-200 bg-white"
            />
          </div>
          <div>
            <h3 className="mb-2 text-sm font-medium text-slate-500">{t.text}</h3>
            <pre className="h-[32rem] overflow-auto rounded border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap">
              {mail.text}
            </pre>
          </div>
        </div>
      </section>
    </div>
  );
}
