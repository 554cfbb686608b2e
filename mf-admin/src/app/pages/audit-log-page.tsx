import { pageCount, routes, toast } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { icons, ListPage, type ListPageState } from '../../components';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { formatDateTime } from '../../lib/format';
import {
  AUDIT_ENTITIES,
  AUDIT_PAGE_SIZE,
  auditActorsQuery,
  auditLogQuery,
  isRecordId,
  type AuditEntry,
} from '../../features/audit/api/get-audit-log';
import { ActionBadge, AuditChanges, AuditRecord } from '../../features/audit/components/audit-entry';
import { AuditFilters, type AuditFilterName } from '../../features/audit/components/audit-filters';
import { auditTexts as t } from '../../features/audit/texts';

const NO_FILTERS = {};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The page's filters from the address; anything malformed is ignored (the whole log shows). */
function readQuery(params: URLSearchParams) {
  const kind = params.get('kind') ?? '';
  const actor = params.get('actor') ?? '';
  const record = params.get('record') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page'));
  return {
    kind: AUDIT_ENTITIES.find((entity) => entity === kind) ?? ('' as const),
    actor: isRecordId(actor) ? actor : '',
    record: isRecordId(record) ? record : '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function Who({ entry }: { entry: AuditEntry }) {
  return <span className="break-all text-slate-700">{entry.actorEmail ?? t.formerStaff}</span>;
}

function When({ entry }: { entry: AuditEntry }) {
  return (
    <time dateTime={entry.at} className="whitespace-nowrap text-slate-600">
      {formatDateTime(entry.at)}
    </time>
  );
}

/**
 * /admin/audit (super admin or the settings permission): every staff change, newest first, filtered by
 * kind of record, staff member, date range or one record's history (`?record=`, linked from the product,
 * category and administrator pages), in pages.
 */
export function AuditLogPage() {
  useDocumentTitle(`${t.title} · Admin`);
  const { searchParams, change } = useUrlFilters<AuditFilterName>();
  const query = readQuery(searchParams);
  const { kind, actor, record, from, to, page } = query;

  const state = auditLogQuery.use([
    {
      entity: kind || null,
      actorId: actor || null,
      recordId: record || null,
      from: from || null,
      to: to || null,
      page,
    },
  ]);
  const actors = auditActorsQuery.use([]).data ?? [];
  const failure = state.status === 'error' ? state.error : null;
  useEffect(() => {
    if (!failure) return;
    console.error(failure);
    toast.error(t.loadFailed);
  }, [failure]);

  const total = state.data?.total ?? 0;
  const pages = pageCount(total, AUDIT_PAGE_SIZE);
  const entries = state.data?.entries;
  const recordLabel = record ? entries?.find((entry) => entry.recordId === record)?.recordLabel : undefined;
  const list: ListPageState<typeof NO_FILTERS> = {
    search: '',
    spec: NO_FILTERS,
    filters: {},
    change: (next) => {
      if ('page' in next) change({ page: String(next.page) });
    },
    loading: state.status === 'loading',
    error: failure,
    reload: () => auditLogQuery.invalidate(),
    page: Math.min(page, pages),
    pages,
    total,
    pageSize: AUDIT_PAGE_SIZE,
  };
  const narrowed = kind !== '' || actor !== '' || record !== '' || from !== '' || to !== '';

  return (
    <ListPage
      texts={{ ...t, emptySearchHint: narrowed ? t.emptySearchHint : t.emptyHint }}
      list={list}
      items={entries}
      toolbar={
        <>
          {record ? (
            <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-orange-50 px-4 py-3">
              <p className="font-medium text-slate-900">
                {t.record.heading(recordLabel ?? t.record.oneRecord)}
              </p>
              <Link
                to={routes.admin.audit()}
                className="text-sm font-semibold text-orange-700 hover:underline"
              >
                {t.record.showAll}
              </Link>
            </div>
          ) : null}
          <AuditFilters kind={kind} actor={actor} from={from} to={to} actors={actors} onChange={change} />
        </>
      }
      columns={[
        { label: t.columns.when, className: 'px-4 py-3 align-top', cell: (entry) => <When entry={entry} /> },
        { label: t.columns.who, className: 'px-4 py-3 align-top', cell: (entry) => <Who entry={entry} /> },
        {
          label: t.columns.record,
          className: 'px-4 py-3 align-top',
          cell: (entry) => <AuditRecord entry={entry} />,
        },
        {
          label: t.columns.action,
          className: 'px-4 py-3 align-top',
          cell: (entry) => <ActionBadge entry={entry} />,
        },
        {
          label: t.columns.changes,
          className: 'px-4 py-3 align-top',
          cell: (entry) => <AuditChanges entry={entry} />,
        },
      ]}
      card={(entry) => (
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex items-start justify-between gap-2">
            <AuditRecord entry={entry} />
            <ActionBadge entry={entry} />
          </div>
          <p className="text-xs text-slate-500">
            <When entry={entry} /> · <Who entry={entry} />
          </p>
          <AuditChanges entry={entry} />
        </div>
      )}
      rowTestId="audit-entry"
      emptyIcon={icons.layers}
    />
  );
}
