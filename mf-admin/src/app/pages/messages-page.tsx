import { toast } from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useId, useState } from 'react';
import { buttonStyles, LoadFailed, PageHeader } from '../../components';
import {
  contactMessagesQuery,
  setContactMessageStatusMutation,
  type ContactMessage,
  type MessageFilter,
} from '../../features/messages/api/contact-messages';
import { messageTexts as t } from '../../features/messages/texts';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function MessageCard({ message }: { message: ContactMessage }) {
  const { mutate, busy } = setContactMessageStatusMutation.use();
  const open = message.status === 'open';
  async function toggle() {
    const outcome = await mutate(message.id, open ? 'closed' : 'open');
    if (outcome.skipped) return;
    if (outcome.ok) toast.success(open ? t.closed : t.reopened);
    else
      toast.error(t.failed(outcome.error instanceof Error ? outcome.error.message : String(outcome.error)));
  }
  return (
    <article
      className="rounded-lg border border-slate-200 bg-white p-4"
      aria-label={`${t.kinds[message.kind]}: ${message.name}`}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-xs font-semibold tracking-wide text-orange-700 uppercase">
            {t.kinds[message.kind]} ·{' '}
            <span className={open ? 'text-green-700' : 'text-slate-500'}>
              {open ? t.statusOpen : t.statusClosed}
            </span>
          </p>
          <h2 className="mt-1 font-semibold text-slate-900">
            {message.name}{' '}
            <a
              href={`mailto:${message.email}`}
              className="text-sm font-normal text-orange-700 hover:underline"
            >
              {message.email}
            </a>
          </h2>
          <dl className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-600">
            <div>
              <dt className="inline">{t.received}: </dt>
              <dd className="inline">
                <time dateTime={message.created_at}>{dateFormat.format(new Date(message.created_at))}</time>
              </dd>
            </div>
            {message.order_number ? (
              <div>
                <dt className="inline">{t.orderNumber}: </dt>
                <dd className="inline">{message.order_number}</dd>
              </div>
            ) : null}
            {message.organisation ? (
              <div>
                <dt className="inline">{t.organisation}: </dt>
                <dd className="inline">{message.organisation}</dd>
              </div>
            ) : null}
            {message.phone ? (
              <div>
                <dt className="inline">{t.phone}: </dt>
                <dd className="inline">{message.phone}</dd>
              </div>
            ) : null}
          </dl>
        </div>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={busy}
          aria-label={open ? t.closeLabel(message.name) : t.reopenLabel(message.name)}
          onClick={() => void toggle()}
        >
          {open ? t.close : t.reopen}
        </button>
      </div>
      <p className="mt-3 text-sm whitespace-pre-line text-slate-800">{message.message}</p>
    </article>
  );
}

/** /admin/messages (customers permission): the forms' messages, newest first; staff close and reopen them. */
export function MessagesPage() {
  useDocumentTitle(`${t.title} · Admin`);
  const id = useId();
  const [filter, setFilter] = useState<MessageFilter>('open');
  const state = contactMessagesQuery.use([filter]);
  return (
    <div>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-filter`} className="text-sm font-medium text-slate-700">
              {t.filter}
            </label>
            <select
              id={`${id}-filter`}
              value={filter}
              onChange={(event) => setFilter(event.target.value as MessageFilter)}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              {(['open', 'closed', 'all'] as const).map((value) => (
                <option key={value} value={value}>
                  {t.filters[value]}
                </option>
              ))}
            </select>
          </div>
        }
      />
      {state.status === 'error' ? (
        <LoadFailed
          message={t.loadFailed}
          retryLabel={t.retry}
          onRetry={() => contactMessagesQuery.invalidate()}
        />
      ) : state.status !== 'success' ? (
        <Spinner label={t.loading} />
      ) : state.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {t.empty}
        </p>
      ) : (
        <div className="space-y-4">
          {state.data.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </div>
      )}
    </div>
  );
}
