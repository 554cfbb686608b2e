import { shownRange } from '@prepper/shared';
import { PageButtons } from '@prepper/shared/ui';

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** When given, shows 'Showing X to Y of Z results'. */
  summary?: { pageSize: number; total: number };
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/** Previous, page numbers and Next, with an optional 'Showing X to Y of Z results' line. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  summary,
  label = 'Pagination',
}: PaginationProps) {
  const range = summary ? shownRange(page, summary.pageSize, summary.total) : null;
  return (
    <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      {summary && range ? (
        <p className="text-sm text-slate-600">
          Showing {range.first} to {range.last} of {summary.total} results
        </p>
      ) : (
        <span />
      )}
      <PageButtons
        page={page}
        pageCount={pageCount}
        onChange={onPageChange}
        label={label}
        previousLabel="Previous"
        nextLabel="Next"
        pageLabel={(item) => `Page ${item}`}
        className="gap-1"
      />
    </div>
  );
}
