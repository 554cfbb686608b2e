import { buttonStyles, inputClass } from '../../../components';
import { AUDIT_ENTITIES } from '../api/get-audit-log';
import { auditTexts as t } from '../texts';

export type AuditFilterName = 'kind' | 'actor' | 'from' | 'to' | 'record';

/** The audit log's filters, each kept in the address: kind of record, staff member, date range. */
export function AuditFilters({
  kind,
  actor,
  from,
  to,
  actors,
  onChange,
}: {
  kind: string;
  actor: string;
  from: string;
  to: string;
  actors: readonly { id: string; email: string }[];
  onChange: (next: Partial<Record<AuditFilterName, string>>) => void;
}) {
  const narrowed = kind !== '' || actor !== '' || from !== '' || to !== '';
  return (
    <div className="grid items-end gap-3 border-b border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-5">
      <label className="block text-sm font-medium text-slate-700">
        {t.filters.kind}
        <select
          value={kind}
          onChange={(event) => onChange({ kind: event.target.value })}
          className={`${inputClass} mt-1`}
        >
          <option value="">{t.filters.allKinds}</option>
          {AUDIT_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {t.kinds[entity]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium text-slate-700">
        {t.filters.actor}
        <select
          value={actor}
          onChange={(event) => onChange({ actor: event.target.value })}
          className={`${inputClass} mt-1`}
        >
          <option value="">{t.filters.allActors}</option>
          {actors.map((option) => (
            <option key={option.id} value={option.id}>
              {option.email}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium text-slate-700">
        {t.filters.from}
        <input
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
          className={`${inputClass} mt-1`}
        />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        {t.filters.to}
        <input
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
          className={`${inputClass} mt-1`}
        />
      </label>
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={!narrowed}
        onClick={() => onChange({ kind: '', actor: '', from: '', to: '' })}
      >
        {t.filters.clear}
      </button>
    </div>
  );
}
