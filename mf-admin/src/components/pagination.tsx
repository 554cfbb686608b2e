import { pageItems, shownRange } from '@prepper/shared';

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** When given, shows 'Showing X to Y of Z results'. */
  summary?: { pageSize: number; total: number };
  /** Accessible name of the navigation landmark. */
  label?: string;
}

const buttonClass =
  'min-w-9 rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-50';

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
      <nav aria-label={label} className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={`${buttonClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Previous
        </button>
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <span key={`gap-${index}`} className="px-1 text-slate-400" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={item}
              type="button"
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
              className={`${buttonClass} ${
                item === page
                  ? 'border-orange-600 bg-orange-600 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
              onClick={() => onPageChange(item)}
            >
              {item}
            </button>
          ),
        )}
        <button
          type="button"
          className={`${buttonClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </button>
      </nav>
    </div>
  );
}
