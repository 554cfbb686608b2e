import { routes, toast } from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonStyles, ConfirmDialog, LoadFailed, PageHeader } from '../../components';
import {
  contentPagesQuery,
  deleteContentPageMutation,
  type AdminContentPage,
} from '../../features/content/api/content-pages';
import { contentTexts } from '../../features/content/texts';
import { contentRoutes } from '../../lib/content-routes';

const t = contentTexts.list;
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** /admin/pages (settings permission): every content page and blog post, with view, edit and delete. */
export function ContentPagesPage() {
  useDocumentTitle(`${t.title} · Admin`);
  const state = contentPagesQuery.use([]);
  const { mutate, busy } = deleteContentPageMutation.use();
  const [deleting, setDeleting] = useState<AdminContentPage | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    const outcome = await mutate(deleting);
    if (outcome.skipped) return;
    if (outcome.ok) toast.success(t.deleted);
    else
      toast.error(
        t.deleteFailed(outcome.error instanceof Error ? outcome.error.message : String(outcome.error)),
      );
    setDeleting(null);
  }

  const header = (
    <PageHeader
      title={t.title}
      subtitle={t.subtitle}
      actions={
        <Link to={contentRoutes.newPage} className={buttonStyles.primary}>
          {t.add}
        </Link>
      }
    />
  );
  if (state.status !== 'success') {
    return (
      <div>
        {header}
        {state.status === 'error' ? (
          <LoadFailed
            message={t.loadFailed}
            retryLabel={t.retry}
            onRetry={() => contentPagesQuery.invalidate()}
          />
        ) : (
          <Spinner label={t.loading} />
        )}
      </div>
    );
  }
  const pages = state.data;
  return (
    <div>
      {header}
      {pages.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {t.empty}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {pages.map((page) => (
            <li
              key={page.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{page.title}</p>
                <p className="text-xs text-slate-500">
                  {routes.contentPage(page.slug)} · {t.kinds[page.kind]} ·{' '}
                  <span className={page.published ? 'text-green-700' : 'text-amber-700'}>
                    {page.published ? t.published : t.draft}
                  </span>{' '}
                  · {t.columns.updated}{' '}
                  <time dateTime={page.updated_at}>{dateFormat.format(new Date(page.updated_at))}</time>
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                {page.published ? (
                  <a
                    href={routes.contentPage(page.slug)}
                    className={buttonStyles.secondary}
                    aria-label={t.view(page.title)}
                  >
                    View
                  </a>
                ) : null}
                <Link
                  to={contentRoutes.editPage(page.id)}
                  className={buttonStyles.secondary}
                  aria-label={t.edit(page.title)}
                >
                  Edit
                </Link>
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  aria-label={t.remove(page.title)}
                  onClick={() => setDeleting(page)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t.deleteTitle}
        message={deleting ? t.deleteConfirm(deleting.title) : ''}
        confirmLabel={t.deleteButton}
        cancelLabel={t.cancel}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
