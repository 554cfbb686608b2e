import { DataTable } from '../../../components';
import { formatDate } from '../../../lib/format';
import { permissionLabel, roleLabel } from '../../../lib/permissions';
import type { Administrator } from '../api/administrator';
import { displayEmail, displayName, initials, permissionSummary } from '../utils/administrators';

export interface AdministratorTableProps {
  administrators: Administrator[];
  /** Without it the table is read-only (no edit/remove actions). */
  actions?: {
    onEdit: (administrator: Administrator) => void;
    onRemove: (administrator: Administrator) => void;
    /** The signed-in administrator's record, which cannot remove itself. */
    selfId: string;
  };
}

export function AdministratorTable({ administrators, actions }: AdministratorTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <DataTable
        columns={[
          { label: 'Administrator' },
          { label: 'Role' },
          { label: 'Status' },
          { label: 'Permissions' },
          { label: 'Created' },
          actions ? { label: 'Actions', align: 'right' } : null,
        ]}
      >
        {administrators.map((administrator) => {
          const name = displayName(administrator);
          const { visible, more } = permissionSummary(administrator.permissions);
          return (
            <tr key={administrator.id} data-testid="administrator-row">
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-orange-100 font-semibold text-orange-700"
                  >
                    {initials(administrator)}
                  </span>
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{name}</p>
                    <p className="text-slate-600">{displayEmail(administrator)}</p>
                    <p className="font-mono text-xs text-slate-400" title="User id">
                      {administrator.userId.slice(0, 8)}
                    </p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
                    administrator.role === 'super_admin'
                      ? 'bg-purple-100 text-purple-800'
                      : 'bg-blue-100 text-blue-800'
                  }`}
                >
                  {roleLabel(administrator.role)}
                </span>
              </td>
              <td className="px-4 py-3">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    administrator.active ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'
                  }`}
                >
                  {administrator.active ? 'Active' : 'Inactive'}
                </span>
              </td>
              <td className="px-4 py-3">
                <ul className="flex flex-wrap gap-1" aria-label={`Permissions of ${name}`}>
                  {visible.map((permission) => (
                    <li
                      key={permission}
                      className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700"
                    >
                      {permissionLabel(permission)}
                    </li>
                  ))}
                  {more ? <li className="px-1.5 py-0.5 text-xs text-slate-500">{more}</li> : null}
                </ul>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                {formatDate(administrator.createdAt)}
              </td>
              {actions ? (
                <td className="px-4 py-3 text-right whitespace-nowrap">
                  <button
                    type="button"
                    onClick={() => actions.onEdit(administrator)}
                    aria-label={`Edit ${name}`}
                    className="rounded-md px-2 py-1 font-medium text-orange-700 hover:bg-orange-50 focus-visible:outline-2 focus-visible:outline-orange-600"
                  >
                    Edit
                  </button>
                  {administrator.id === actions.selfId ? null : (
                    <button
                      type="button"
                      onClick={() => actions.onRemove(administrator)}
                      aria-label={`Remove administrator privileges of ${name}`}
                      className="ml-1 rounded-md px-2 py-1 font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
                    >
                      Remove
                    </button>
                  )}
                </td>
              ) : null}
            </tr>
          );
        })}
      </DataTable>
    </div>
  );
}
