import { toast } from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useMemo, useState } from 'react';
import { ConfirmDialog, PageHeader, StatCard } from '../../../components';
import { hasPermission, useCurrentAdmin } from '../../../lib/current-admin';
import { texts } from '../../../texts';
import type { Administrator } from '../api/administrator';
import { removeAdministrator } from '../api/remove-administrator';
import { useAdministrators } from '../hooks/use-administrators';
import { countAdministrators, displayName, filterAdministrators } from '../utils/administrators';
import { AdministratorFormDialog } from './administrator-form-dialog';
import { AdministratorTable } from './administrator-table';

type FormState = { open: false } | { open: true; administrator: Administrator | null };

/** /admin/administrators: everyone with access may look; only managers see add, edit and remove. */
export function AdministratorsPage() {
  useDocumentTitle('Administrators · Admin');
  const currentAdmin = useCurrentAdmin();
  const canManage = hasPermission(currentAdmin, 'admin_management');
  const { state, reload } = useAdministrators();
  const [query, setQuery] = useState('');
  const [form, setForm] = useState<FormState>({ open: false });
  const [removing, setRemoving] = useState<Administrator | null>(null);
  const [busy, setBusy] = useState(false);

  const administrators = useMemo(() => (state.status === 'ready' ? state.administrators : []), [state]);
  const visible = useMemo(() => filterAdministrators(administrators, query), [administrators, query]);
  const counts = countAdministrators(administrators);

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await removeAdministrator(removing.id);
      toast.success(texts.administrators.removed);
      setRemoving(null);
      reload();
    } catch (error) {
      console.error('Failed to remove administrator privileges', error);
      toast.error(texts.administrators.removeFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <PageHeader
        title={texts.administrators.title}
        subtitle={
          canManage
            ? 'Manage who can access the back office.'
            : 'You can view administrators but not change them.'
        }
        actions={
          canManage ? (
            <button
              type="button"
              onClick={() => setForm({ open: true, administrator: null })}
              className="rounded-md bg-orange-600 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
            >
              {texts.administrators.add}
            </button>
          ) : null
        }
      />

      <section aria-label="Administrator summary" className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label={texts.administrators.cards.total} value={counts.total} />
        <StatCard
          label={texts.administrators.cards.active}
          value={counts.active}
          tone="bg-green-100 text-green-700"
        />
        <StatCard
          label={texts.administrators.cards.inactive}
          value={counts.inactive}
          tone="bg-red-100 text-red-700"
        />
        <StatCard
          label={texts.administrators.cards.superAdmins}
          value={counts.superAdmins}
          tone="bg-purple-100 text-purple-700"
        />
      </section>

      <div className="mb-4 max-w-md">
        <label htmlFor="administrator-search" className="sr-only">
          {texts.administrators.searchLabel}
        </label>
        <input
          id="administrator-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={texts.administrators.searchPlaceholder}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-orange-500 focus:ring-2 focus:ring-orange-500/30 focus:outline-none"
        />
      </div>

      {state.status === 'loading' ? <Spinner label="Loading administrators" /> : null}
      {state.status === 'error' ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{texts.administrators.fetchFailed}</p>
          <button
            type="button"
            onClick={reload}
            className="mt-4 rounded-md bg-orange-600 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-700"
          >
            Retry
          </button>
        </div>
      ) : null}
      {state.status === 'ready' && visible.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="font-semibold text-slate-800">{texts.administrators.emptyTitle}</p>
          <p className="mt-1 text-sm text-slate-600">
            {query.trim() ? texts.administrators.emptySearchHint : texts.administrators.emptyHint}
          </p>
        </div>
      ) : null}
      {state.status === 'ready' && visible.length > 0 ? (
        <AdministratorTable
          administrators={visible}
          actions={
            canManage
              ? {
                  onEdit: (administrator) => setForm({ open: true, administrator }),
                  onRemove: setRemoving,
                  selfId: currentAdmin.id,
                }
              : undefined
          }
        />
      ) : null}

      {canManage ? (
        <>
          <AdministratorFormDialog
            open={form.open}
            administrator={form.open ? form.administrator : null}
            onClose={() => setForm({ open: false })}
            onSaved={() => {
              setForm({ open: false });
              reload();
            }}
          />
          <ConfirmDialog
            open={removing !== null}
            title={texts.administrators.removeConfirmTitle}
            message={removing ? texts.administrators.removeConfirmText(displayName(removing)) : ''}
            confirmLabel="Remove privileges"
            busy={busy}
            onConfirm={() => void confirmRemove()}
            onCancel={() => setRemoving(null)}
          />
        </>
      ) : null}
    </div>
  );
}
