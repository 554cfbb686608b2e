import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_ENTITIES = [
  'product',
  'lot',
  'category',
  'subcategory',
  'settings',
  'administrator',
  'import',
  'page',
  'promotion',
  'emergency',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export type AuditAction = 'created' | 'changed' | 'deleted';

/** One field of an entry: its value before and after (absent when the record was created or deleted). */
export interface FieldChange {
  before?: unknown;
  after?: unknown;
}

export interface AuditEntry {
  id: string;
  at: string;
  actorId: string;
  actorEmail: string | null;
  entity: AuditEntity;
  recordId: string;
  recordLabel: string | null;
  parentId: string | null;
  action: AuditAction;
  changes: Record<string, FieldChange>;
}

export interface AuditFilters {
  entity: AuditEntity | null;
  actorId: string | null;
  /** A record's id: its own entries and its children's (a product's lots, a category's subcategories). */
  recordId: string | null;
  /** Inclusive calendar days (YYYY-MM-DD) in the browser's time zone. */
  from: string | null;
  to: string | null;
  page: number;
}

/** A record id as the filter accepts it (ids are UUIDs; the settings row is 'true'). */
export const isRecordId = (value: string) => /^[\w-]{1,64}$/.test(value);

/** Midnight at the start of a calendar day in the browser's time zone, as an instant. */
function startOfDay(day: string): string {
  return new Date(`${day}T00:00:00`).toISOString();
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + 1);
  return date.toISOString();
}

/** One page of the audit log, newest first, with the exact number of matching entries. */
export async function getAuditLog(filters: AuditFilters): Promise<{ entries: AuditEntry[]; total: number }> {
  let query = getSupabase()
    .from('audit_log')
    .select('id, at, actor_id, actor_email, entity, record_id, record_label, parent_id, action, changes', {
      count: 'exact',
    })
    .order('at', { ascending: false })
    .order('id', { ascending: false });
  if (filters.entity) query = query.eq('entity', filters.entity);
  if (filters.actorId) query = query.eq('actor_id', filters.actorId);
  if (filters.recordId && isRecordId(filters.recordId))
    query = query.or(`record_id.eq.${filters.recordId},parent_id.eq.${filters.recordId}`);
  if (filters.from) query = query.gte('at', startOfDay(filters.from));
  if (filters.to) query = query.lt('at', nextDay(filters.to));
  const offset = (filters.page - 1) * AUDIT_PAGE_SIZE;
  const { data, error, count } = await query.range(offset, offset + AUDIT_PAGE_SIZE - 1);
  if (error) throw new Error(error.message);
  const entries = (data ?? []).map((row): AuditEntry => ({
    id: String(row.id),
    at: row.at,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    entity: row.entity as AuditEntity,
    recordId: row.record_id,
    recordLabel: row.record_label,
    parentId: row.parent_id,
    action: row.action as AuditAction,
    changes: (row.changes ?? {}) as Record<string, FieldChange>,
  }));
  return { entries, total: count ?? entries.length };
}

/** One page of the audit log: key ['audit-log', [filters]]. */
export const auditLogQuery = defineQuery('audit-log', getAuditLog);

/** The staff a reader may filter by (audit_actors). */
export async function getAuditActors(): Promise<{ id: string; email: string }[]> {
  const { data, error } = await getSupabase().rpc('audit_actors');
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => ({ id: row.actor_id, email: row.email ?? '' }));
}

export const auditActorsQuery = defineQuery('audit-actors', getAuditActors);
