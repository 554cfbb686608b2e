import type { AuditAction, AuditEntity } from './api/get-audit-log';

/** The audit log page's texts. */
export const auditTexts = {
  title: 'Audit Log',
  subtitle: 'Every change staff made to the catalogue, the settings and the administrators',
  loading: 'Loading the audit log...',
  empty: 'No entries',
  emptyHint: 'Changes staff make will be listed here.',
  emptySearchHint: 'No entry matches these filters.',
  pagination: 'Audit log pages',
  loadFailed: 'The audit log could not be loaded.',
  filters: {
    kind: 'Kind of record',
    allKinds: 'All kinds',
    actor: 'Staff member',
    allActors: 'All staff',
    from: 'From',
    to: 'To',
    clear: 'Clear filters',
  },
  record: {
    heading: (label: string) => `History of ${label}`,
    oneRecord: 'one record',
    showAll: 'Show every entry',
  },
  columns: { when: 'When', who: 'Who', record: 'Record', action: 'Action', changes: 'Changes' },
  kinds: {
    product: 'Product',
    lot: 'Lot',
    category: 'Category',
    subcategory: 'Subcategory',
    settings: 'Settings',
    administrator: 'Administrator',
    import: 'Product import',
    page: 'Content page',
    promotion: 'Discount code',
    emergency: 'Emergency',
  } satisfies Record<AuditEntity, string>,
  actions: { created: 'Created', changed: 'Changed', deleted: 'Deleted' } satisfies Record<
    AuditAction,
    string
  >,
  formerStaff: 'Former staff member',
  empty_value: 'empty',
  historyOf: (label: string) => `History of ${label}`,
  history: 'History',
} as const;
