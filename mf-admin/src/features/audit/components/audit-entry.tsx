import { routes } from '@prepper/shared';
import { Link } from 'react-router-dom';
import type { AuditEntry, FieldChange } from '../api/get-audit-log';
import { auditTexts as t } from '../texts';
import { contentRoutes } from '../../../lib/content-routes';
import { promotionPaths } from '../../../lib/promotion-paths';
import { emergencyPath } from '../../../lib/emergency';

const ACTION_TONE = {
  created: 'bg-green-100 text-green-800',
  changed: 'bg-blue-100 text-blue-800',
  deleted: 'bg-red-100 text-red-800',
} as const;

/** A stored value as one short line: lists joined, objects as JSON, nothing as 'empty'. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return t.empty_value;
  const text = Array.isArray(value)
    ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** Where a record is edited in the back office, when it still has a page there. */
export function recordPath(entry: AuditEntry): string | null {
  if (entry.action === 'deleted') return null;
  switch (entry.entity) {
    case 'product':
      return routes.admin.editProduct(entry.recordId);
    case 'lot':
      return entry.parentId ? routes.admin.editProduct(entry.parentId) : null;
    case 'category':
      return routes.admin.editCategory(entry.recordId);
    case 'subcategory':
      return entry.parentId ? routes.admin.editCategory(entry.parentId) : null;
    case 'settings':
      return routes.admin.settings;
    case 'emergency':
      return emergencyPath;
    case 'administrator':
      return routes.admin.administrators;
    case 'page':
      return contentRoutes.editPage(entry.recordId);
    case 'promotion':
      return promotionPaths.edit(entry.recordId);
    // A CSV import has no page of its own: its history lists the products it wrote.
    case 'import':
      return null;
  }
}

export function ActionBadge({ entry }: { entry: AuditEntry }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ACTION_TONE[entry.action]}`}>
      {t.actions[entry.action]}
    </span>
  );
}

/** The record: its kind and its label, linked to where it is edited. */
export function AuditRecord({ entry }: { entry: AuditEntry }) {
  const path = recordPath(entry);
  const label = entry.recordLabel ?? entry.recordId;
  return (
    <div className="min-w-40">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t.kinds[entry.entity]}</p>
      {path ? (
        <Link
          to={path}
          className="font-medium break-words text-slate-900 hover:text-orange-700 hover:underline"
        >
          {label}
        </Link>
      ) : (
        <span className="font-medium break-words text-slate-900">{label}</span>
      )}
    </div>
  );
}

function Change({ field, change }: { field: string; change: FieldChange }) {
  return (
    <div className="text-sm">
      <dt className="inline font-medium text-slate-700">{field}: </dt>
      <dd className="inline break-words text-slate-600">
        {'before' in change ? <del className="text-red-700">{formatValue(change.before)}</del> : null}
        {'before' in change && 'after' in change ? <span aria-hidden="true"> → </span> : null}
        {'before' in change && 'after' in change ? <span className="sr-only"> became </span> : null}
        {'after' in change ? (
          <ins className="text-green-800 no-underline">{formatValue(change.after)}</ins>
        ) : null}
      </dd>
    </div>
  );
}

/** Each changed field with its value before and after. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const fields = Object.entries(entry.changes);
  return (
    <dl className="max-w-xl space-y-0.5">
      {fields.map(([field, change]) => (
        <Change key={field} field={field} change={change} />
      ))}
    </dl>
  );
}
