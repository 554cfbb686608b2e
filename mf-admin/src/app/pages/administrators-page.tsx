import { toast } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { useMemo, useState } from 'react';
import { buttonStyles, ConfirmDialog, icons, ListPage, type ListPageState } from '../../components';
import { hasPermission, useCurrentAdmin } from '../../lib/current-admin';
import { texts } from '../../texts';
import type { Administrator } from '../../features/administrators/api/administrator';
import { useRemoveAdministrator } from '../../features/administrators/api/remove-administrator';
import { useAdministrators } from '../../features/administrators/hooks/use-administrators';
import {
  countAdministrators,
  displayName,
  filterAdministrators,
} from '../../features/administrators/lib/administrators';
import {
  administratorCard,
  administratorColumns,
} from '../../features/administrators/components/administrator-columns';
import { AdministratorFormDialog } from '../../features/administrators/components/administrator-form-dialog';

type FormState = { open: false } | { open: true; administrator: Administrator | null };

const t = texts.administrators;
const NO_FILTERS = {};

/** /admin/administrators: everyone with access may look; only managers see add, edit and remove. */
export function AdministratorsPage() {
  useDocumentTitle('Administrators · Admin');
  const currentAdmin = useCurrentAdmin();
  const canManage = hasPermission(currentAdmin, 'admin_management');
  const withHistory = hasPermission(currentAdmin, 'settings');
  const { state, reload } = useAdministrators();
  const [query, setQuery] = useState('');
  const [form, setForm] = useState<FormState>({ open: false });
  const [removing, setRemoving] = useState<Administrator | null>(null);
  const { mutate: remove, busy } = useRemoveAdministrator();

  const administrators = state.status === 'ready' ? state.administrators : undefined;
  const visible = useMemo(
    () => (administrators ? filterAdministrators(administrators, query) : undefined),
    [administrators, query],
  );
  const counts = countAdministrators(administrators ?? []);
  // A short list, searched in memory as one page.
  const list: ListPageState<typeof NO_FILTERS> = {
    search: query,
    spec: NO_FILTERS,
    filters: {},
    change: (change) => {
      if ('search' in change) setQuery(change.search);
    },
    loading: state.status === 'loading',
    error: state.status === 'error' ? t.list.loadFailed : null,
    reload,
    page: 1,
    pages: 1,
    total: visible?.length ?? 0,
    pageSize: visible?.length ?? 0,
  };

  const confirmRemove = async () => {
    if (!removing) return;
    const outcome = await remove(removing.id);
    if (outcome.skipped) return;
    if (!outcome.ok) {
      toast.error(t.removeFailed);
      return;
    }
    toast.success(t.removed);
    setRemoving(null);
  };

  const rowActions = canManage
    ? {
        onEdit: (administrator: Administrator) => setForm({ open: true, administrator }),
        onRemove: setRemoving,
        selfId: currentAdmin.id,
      }
    : undefined;

  return (
    <ListPage
      texts={{ ...t.list, subtitle: canManage ? t.list.manageSubtitle : t.list.viewSubtitle }}
      list={list}
      items={visible}
      searchDelay={0}
      actions={
        canManage ? (
          <button
            type="button"
            onClick={() => setForm({ open: true, administrator: null })}
            className={buttonStyles.primary}
          >
            {t.add}
          </button>
        ) : null
      }
      cards={[
        { label: t.cards.total, value: counts.total },
        { label: t.cards.active, value: counts.active, tone: 'green' },
        { label: t.cards.inactive, value: counts.inactive, tone: 'red' },
        { label: t.cards.superAdmins, value: counts.superAdmins, tone: 'purple' },
      ]}
      columns={administratorColumns(rowActions, withHistory)}
      card={administratorCard(rowActions, withHistory)}
      emptyIcon={icons.users}
      rowTestId="administrator-row"
      onlyWhenSeveralPages
    >
      {canManage ? (
        <>
          <AdministratorFormDialog
            open={form.open}
            administrator={form.open ? form.administrator : null}
            onClose={() => setForm({ open: false })}
            onSaved={() => setForm({ open: false })}
          />
          <ConfirmDialog
            open={removing !== null}
            title={t.removeConfirmTitle}
            message={removing ? t.removeConfirmText(displayName(removing)) : ''}
            confirmLabel="Remove privileges"
            busy={busy}
            onConfirm={() => void confirmRemove()}
            onCancel={() => setRemoving(null)}
          />
        </>
      ) : null}
    </ListPage>
  );
}
