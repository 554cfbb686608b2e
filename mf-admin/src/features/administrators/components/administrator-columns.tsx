import type { ReactNode } from 'react';
import { HistoryLink, type ListColumn } from '../../../components';
import { formatDate } from '../../../lib/format';
import { permissionLabel, roleLabel } from '../../../lib/permissions';
import { texts } from '../../../texts';
import type { Administrator } from '../api/administrator';
import { displayEmail, displayName, initials, permissionSummary } from '../lib/administrators';

const t = texts.administrators.list.columns;

export interface AdministratorActions {
  onEdit: (administrator: Administrator) => void;
  onRemove: (administrator: Administrator) => void;
  /** The signed-in administrator's record, which cannot remove itself. */
  selfId: string;
}

function Avatar({ administrator }: { administrator: Administrator }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-orange-100 font-semibold text-orange-700"
    >
      {initials(administrator)}
    </span>
  );
}

function Identity({ administrator }: { administrator: Administrator }) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{displayName(administrator)}</p>
      <p className="break-all text-slate-600">{displayEmail(administrator)}</p>
      <p className="font-mono text-xs text-slate-400" title="User id">
        {administrator.userId.slice(0, 8)}
      </p>
    </div>
  );
}

function RoleBadge({ administrator }: { administrator: Administrator }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
        administrator.role === 'super_admin' ? 'bg-purple-100 text-purple-800' : 'bg-blue-100 text-blue-800'
      }`}
    >
      {roleLabel(administrator.role)}
    </span>
  );
}

function StatusBadge({ administrator }: { administrator: Administrator }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        administrator.active ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'
      }`}
    >
      {administrator.active ? 'Active' : 'Inactive'}
    </span>
  );
}

function Permissions({ administrator }: { administrator: Administrator }) {
  const { visible, more } = permissionSummary(administrator.permissions);
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`Permissions of ${displayName(administrator)}`}>
      {visible.map((permission) => (
        <li key={permission} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
          {permissionLabel(permission)}
        </li>
      ))}
      {more ? <li className="px-1.5 py-0.5 text-xs text-slate-500">{more}</li> : null}
    </ul>
  );
}

function ActionButtons({
  administrator,
  actions,
}: {
  administrator: Administrator;
  actions: AdministratorActions;
}) {
  return (
    <>
      <button
        type="button"
        onClick={() => actions.onEdit(administrator)}
        aria-label={`Edit ${displayName(administrator)}`}
        className="rounded-md px-2 py-1 font-medium text-orange-700 hover:bg-orange-50 focus-visible:outline-2 focus-visible:outline-orange-600"
      >
        Edit
      </button>
      {administrator.id === actions.selfId ? null : (
        <button
          type="button"
          onClick={() => actions.onRemove(administrator)}
          aria-label={`Remove administrator privileges of ${displayName(administrator)}`}
          className="ml-1 rounded-md px-2 py-1 font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
        >
          Remove
        </button>
      )}
    </>
  );
}

/** The administrator's entries in the audit log, as a row action. */
function AdministratorHistory({ administrator }: { administrator: Administrator }) {
  return (
    <HistoryLink
      recordId={administrator.id}
      name={displayName(administrator)}
      className="rounded-md px-2 py-1 font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-orange-600"
    />
  );
}

/**
 * The columns of the administrators list; without `actions` it is read-only (no edit/remove). With
 * `withHistory` (a reader of the audit log) each row links to its history.
 */
export function administratorColumns(
  actions: AdministratorActions | undefined,
  withHistory = false,
): ListColumn<Administrator>[] {
  const columns: ListColumn<Administrator>[] = [
    {
      label: t.administrator,
      cell: (administrator) => (
        <div className="flex items-center gap-3">
          <Avatar administrator={administrator} />
          <Identity administrator={administrator} />
        </div>
      ),
    },
    { label: t.role, cell: (administrator) => <RoleBadge administrator={administrator} /> },
    { label: t.status, cell: (administrator) => <StatusBadge administrator={administrator} /> },
    { label: t.permissions, cell: (administrator) => <Permissions administrator={administrator} /> },
    {
      label: t.created,
      className: 'px-4 py-3 whitespace-nowrap text-slate-600',
      cell: (administrator) => formatDate(administrator.createdAt),
    },
  ];
  if (!actions && !withHistory) return columns;
  return [
    ...columns,
    {
      label: t.actions,
      align: 'right',
      className: 'px-4 py-3 text-right whitespace-nowrap',
      cell: (administrator) => (
        <>
          {actions ? <ActionButtons administrator={administrator} actions={actions} /> : null}
          {withHistory ? <AdministratorHistory administrator={administrator} /> : null}
        </>
      ),
    },
  ];
}

/** An administrator as a card on narrow screens: the same facts and actions as the table's row. */
export function administratorCard(actions: AdministratorActions | undefined, withHistory = false) {
  return (administrator: Administrator): ReactNode => (
    <div className="flex min-w-0 flex-1 gap-3 text-sm">
      <Avatar administrator={administrator} />
      <div className="min-w-0 flex-1 space-y-2">
        <Identity administrator={administrator} />
        <div className="flex flex-wrap gap-2">
          <RoleBadge administrator={administrator} />
          <StatusBadge administrator={administrator} />
        </div>
        <Permissions administrator={administrator} />
        <p className="text-xs text-slate-500">
          {t.created} {formatDate(administrator.createdAt)}
        </p>
        {actions || withHistory ? (
          <div className="-ml-2">
            {actions ? <ActionButtons administrator={administrator} actions={actions} /> : null}
            {withHistory ? <AdministratorHistory administrator={administrator} /> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
