import { Spinner } from '@prepper/shared/ui';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { texts as adminTexts } from '../texts';
import { EmptyState } from './empty-state';
import { buttonStyles } from './icons';
import type { FilterSpec } from './list-params';
import { ListToolbar, type ListToolbarProps } from './list-toolbar';
import { PageHeader } from './page-header';
import { Pagination } from './pagination';
import { ResponsiveList, type ListColumn } from './responsive-list';
import { StatCard, type StatCardProps } from './stat-card';

export interface ListPageTexts {
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
}

export interface ListPageProps<T extends { id: string }, S extends FilterSpec> {
  texts: ListPageTexts;
  /** Header buttons or links, e.g. 'Add Product'. */
  actions?: ReactNode;
  /** The summary cards above the list. */
  cards?: readonly (StatCardProps & { key: string })[];
  toolbar: ListToolbarProps<S>;
  /** The current page's items; undefined until the first page arrived. */
  items: readonly T[] | undefined;
  /** True while a page loads (the previous one stays, dimmed). */
  loading: boolean;
  /** The last load's error, if it failed. */
  error: unknown;
  onRetry: () => void;
  columns: readonly ListColumn<T>[];
  /** An item as a card on narrow screens. */
  card: (item: T) => ReactNode;
  emptyIcon: ComponentType<SVGProps<SVGSVGElement>>;
  pagination: {
    page: number;
    pages: number;
    total: number;
    pageSize: number;
    onPageChange: (page: number) => void;
    /** Show the pagination only when there is more than one page (default: whenever there are items). */
    onlyWhenSeveralPages?: boolean;
  };
  /** Dialogs of the page (confirmations). */
  children?: ReactNode;
}

/**
 * The one layout of the back office's list pages: header, summary cards, toolbar (search and filters),
 * then loading, error, empty or the items (cards on narrow screens, a table from md up from the same
 * column definitions), and the pagination. Pages keep only their columns, cards and row actions.
 */
export function ListPage<T extends { id: string }, S extends FilterSpec>({
  texts,
  actions,
  cards,
  toolbar,
  items,
  loading,
  error,
  onRetry,
  columns,
  card,
  emptyIcon,
  pagination,
  children,
}: ListPageProps<T, S>) {
  const narrowed =
    toolbar.search !== '' ||
    Object.entries(toolbar.spec).some(([name, values]) => toolbar.filters[name] !== values[0]);
  const showPagination = pagination.onlyWhenSeveralPages ? pagination.pages > 1 : pagination.total > 0;

  let body: ReactNode;
  if (items === undefined && error && !loading) {
    body = (
      <div role="alert" className="px-4 py-12 text-center">
        <p className="font-semibold text-red-800">{texts.loadFailed ?? adminTexts.list.loadFailed}</p>
        <button type="button" className={`${buttonStyles.secondary} mt-4`} onClick={onRetry}>
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
    body = <ResponsiveList items={items} loading={loading} columns={columns} card={card} />;
  }

  return (
    <div>
      <PageHeader title={texts.title} subtitle={texts.subtitle} actions={actions} />

      {cards && cards.length > 0 ? (
        <section
          aria-label={texts.summary ?? texts.title}
          className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4"
        >
          {cards.map(({ key, ...cardProps }) => (
            <StatCard key={key} {...cardProps} />
          ))}
        </section>
      ) : null}

      <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <ListToolbar {...toolbar} />
        {body}
        {showPagination ? (
          <div className="border-t border-slate-200 p-4">
            <Pagination
              page={pagination.page}
              pageCount={pagination.pages}
              onPageChange={pagination.onPageChange}
              summary={{ pageSize: pagination.pageSize, total: pagination.total }}
              label={texts.pagination}
            />
          </div>
        ) : null}
      </div>
      {children}
    </div>
  );
}
