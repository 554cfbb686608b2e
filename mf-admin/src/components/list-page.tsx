import type { Mutation } from '@prepper/shared/query';
import { Spinner } from '@prepper/shared/ui';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router-dom';
import type { FilterSpec, FilterValues, ListStateChange } from '../lib/list-params';
import { texts as adminTexts } from '../texts';
import { useConfirmedAction } from '../hooks/use-confirmed-action';
import { ConfirmDialog } from './confirm-dialog';
import { EmptyState } from './empty-state';
import { buttonStyles, icons } from './icons';
import { ListToolbar, type FilterTexts } from './list-toolbar';
import { PageHeader } from './page-header';
import { Pagination } from './pagination';
import { ResponsiveList, type ListColumn } from './responsive-list';
import { RowActions, type RowAction } from './row-actions';
import { StatCard, type StatTone } from './stat-card';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

export interface ListPageTexts<S extends FilterSpec> {
  title: string;
  subtitle?: string;
  /** Accessible name of the summary cards. */
  summary?: string;
  loading: string;
  empty: string;
  /** Under `empty` when a search or filter is applied. */
  emptySearchHint: string;
  /** Under `empty` otherwise. */
  emptyHint: string;
  /** Accessible name of the pagination. */
  pagination: string;
  /** Shown when the list could not be loaded (default: a generic sentence). */
  loadFailed?: string;
  /** The search box and filter selects; a page with a toolbar of its own leaves them out. */
  searchLabel?: string;
  searchPlaceholder?: string;
  filters?: FilterTexts<S>;
  /** The small print of the summary cards; without it the cards have none. */
  stats?: { allMatching: string; onThisPage: string };
}

/**
 * What a list page shows of its list: `useListPage` gives it for a paged list kept in the address; a
 * page that filters a short list in memory builds it itself.
 */
export interface ListPageState<S extends FilterSpec> {
  search: string;
  spec: S;
  filters: FilterValues<S>;
  /** A new search, filter or page. */
  change: (change: ListStateChange<S>) => void;
  /** True while a page loads (the previous one stays, dimmed). */
  loading: boolean;
  /** The last load's error, if it failed. */
  error: unknown;
  reload: () => void;
  page: number;
  pages: number;
  total: number;
  pageSize: number;
}

export interface RemoveOptions<T> {
  /** The delete button's accessible name, e.g. 'Delete Water Filter'. */
  label: (item: T) => string;
  /** The delete of an item by id (`api/delete-x.ts`), which names the list it makes stale. */
  mutation: Mutation<[id: string], unknown>;
  toasts: { done: string; failed: string };
  dialog: { title: string; message: (item: T) => ReactNode; confirmLabel: string; cancelLabel: string };
}

/** A summary card: a count of everything matching (`scope: 'all'`) or of the page shown (the default). */
export interface SummaryCard {
  label: string;
  value: ReactNode;
  icon?: Icon;
  tone?: StatTone;
  scope?: 'all' | 'page';
}

export interface ListPageProps<T extends { id: string }, S extends FilterSpec> {
  texts: ListPageTexts<S>;
  list: ListPageState<S>;
  /** The current page's items; undefined until the first page arrived. */
  items: readonly T[] | undefined;
  /** The header's primary link, e.g. 'Add Product'. */
  addLink?: { to: string; label: string };
  /** Other header buttons or links (beside the add link when there is one). */
  actions?: ReactNode;
  cards?: readonly SummaryCard[];
  /** Replaces the search box and filter selects (a list with filters of its own). */
  toolbar?: ReactNode;
  /** Under the toolbar: what to do with the selected items (a list whose rows can be selected). */
  selectionBar?: ReactNode;
  columns: readonly ListColumn<T>[];
  /** The icon actions of a row (a last 'Actions' column, and `actions` of the card). */
  rowActions?: (item: T) => RowAction[];
  /** Deleting an item, asked first: adds a delete action to each row and the confirmation dialog. */
  remove?: RemoveOptions<T>;
  /** An item as a card on narrow screens, with the row's actions to place; without it the table shows (scrolling) at every width. */
  card?: (item: T, actions: ReactNode) => ReactNode;
  emptyIcon: Icon;
  /** How long the search box waits for typing to pause (0: at once, for a list searched in memory). */
  searchDelay?: number;
  /** A test id on each row. */
  rowTestId?: string;
  /** Show the pagination only when there is more than one page (default: whenever there are items). */
  onlyWhenSeveralPages?: boolean;
  /** Dialogs of the page (confirmations). */
  children?: ReactNode;
}

/**
 * The one layout of the back office's list pages: header, summary cards, toolbar (search and filters),
 * then loading, error, empty or the items (cards on narrow screens, a table from md up from the same
 * column definitions), and the pagination. Pages keep only their columns, filters, cards and row actions.
 */
export function ListPage<T extends { id: string }, S extends FilterSpec>({
  texts,
  list,
  items,
  addLink,
  actions,
  cards,
  toolbar,
  selectionBar,
  columns,
  rowActions,
  remove,
  card,
  emptyIcon,
  searchDelay,
  rowTestId,
  onlyWhenSeveralPages = false,
  children,
}: ListPageProps<T, S>) {
  const narrowed =
    list.search !== '' ||
    Object.entries(list.spec).some(([name, values]) => list.filters[name] !== values[0]);
  const removal = useConfirmedAction<T>({
    mutation: remove?.mutation,
    toasts: remove?.toasts ?? { done: '', failed: '' },
  });
  const actionsOf = (item: T): RowAction[] => [
    ...(rowActions?.(item) ?? []),
    ...(remove
      ? [
          {
            label: remove.label(item),
            icon: icons.trash,
            tone: 'danger',
            disabled: removal.busy,
            onClick: () => removal.ask(item),
          } satisfies RowAction,
        ]
      : []),
  ];
  const withActions: readonly ListColumn<T>[] =
    rowActions || remove
      ? [
          ...columns,
          {
            label: adminTexts.list.actions,
            align: 'right',
            className: 'px-4 py-3',
            cell: (item) => <RowActions actions={actionsOf(item)} />,
          },
        ]
      : columns;
  const showPagination = onlyWhenSeveralPages ? list.pages > 1 : list.total > 0;

  let body: ReactNode;
  if (items === undefined && list.error && !list.loading) {
    body = (
      <div role="alert" className="px-4 py-12 text-center">
        <p className="font-semibold text-red-800">{texts.loadFailed ?? adminTexts.list.loadFailed}</p>
        <button type="button" className={`${buttonStyles.secondary} mt-4`} onClick={list.reload}>
          {adminTexts.list.retry}
        </button>
      </div>
    );
  } else if (items === undefined) {
    body = <Spinner label={texts.loading} />;
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={emptyIcon}
        title={texts.empty}
        hint={narrowed ? texts.emptySearchHint : texts.emptyHint}
      />
    );
  } else {
    body = (
      <ResponsiveList<T>
        items={items}
        loading={list.loading}
        columns={withActions}
        card={card && ((item: T) => card(item, <RowActions actions={actionsOf(item)} className="mt-1" />))}
        rowTestId={rowTestId}
      />
    );
  }

  return (
    <div>
      <PageHeader
        title={texts.title}
        subtitle={texts.subtitle}
        actions={
          addLink ? (
            <>
              {actions}
              <Link to={addLink.to} className={buttonStyles.primary}>
                <icons.plus />
                {addLink.label}
              </Link>
            </>
          ) : (
            actions
          )
        }
      />

      {cards && cards.length > 0 ? (
        <section
          aria-label={texts.summary ?? texts.title}
          className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4"
        >
          {cards.map(({ label, value, icon: CardIcon, tone, scope }) => (
            <StatCard
              key={label}
              label={label}
              value={value}
              hint={texts.stats && (scope === 'all' ? texts.stats.allMatching : texts.stats.onThisPage)}
              icon={CardIcon ? <CardIcon /> : undefined}
              tone={tone}
            />
          ))}
        </section>
      ) : null}

      <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
        {toolbar ??
          (texts.searchLabel !== undefined ? (
            <ListToolbar
              search={list.search}
              spec={list.spec}
              filters={list.filters}
              onChange={list.change}
              texts={{
                searchLabel: texts.searchLabel,
                searchPlaceholder: texts.searchPlaceholder ?? '',
                filters: texts.filters ?? ({} as FilterTexts<S>),
              }}
              searchDelay={searchDelay}
            />
          ) : null)}
        {selectionBar}
        {body}
        {showPagination ? (
          <div className="border-t border-slate-200 p-4">
            <Pagination
              page={list.page}
              pageCount={list.pages}
              onPageChange={(page) => list.change({ page })}
              summary={{ pageSize: list.pageSize, total: list.total }}
              label={texts.pagination}
            />
          </div>
        ) : null}
      </div>
      {remove ? (
        <ConfirmDialog
          {...removal.dialog}
          title={remove.dialog.title}
          message={removal.pending ? remove.dialog.message(removal.pending) : null}
          confirmLabel={remove.dialog.confirmLabel}
          cancelLabel={remove.dialog.cancelLabel}
        />
      ) : null}
      {children}
    </div>
  );
}
