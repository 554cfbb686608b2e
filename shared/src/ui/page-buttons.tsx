// The shared singleton's copy, not a second one bundled with the ui entry.
import { pageItems } from '@prepper/shared';

export interface PageButtonsProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** Accessible name of one page's button, e.g. 'Page 3'. */
  pageLabel: (page: number) => string;
  /** 'compact' for the back office's tables, 'roomy' for the storefront. */
  size?: 'compact' | 'roomy';
  className?: string;
}

const sizes = {
  compact: 'min-w-9 rounded-md px-3 py-1.5 disabled:opacity-50',
  roomy: 'min-w-10 rounded-lg px-3 py-2 transition disabled:opacity-40',
};
const idle = 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50';
const current = 'border-orange-600 bg-orange-600 text-white';

/** Previous, the page numbers (with gaps) and Next, in a navigation landmark. */
export function PageButtons({
  page,
  pageCount,
  onChange,
  label,
  previousLabel,
  nextLabel,
  pageLabel,
  size = 'compact',
  className = '',
}: PageButtonsProps) {
  const button = `border text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed ${sizes[size]}`;
  return (
    <nav aria-label={label} className={`flex flex-wrap items-center ${className}`}>
      <button
        type="button"
        className={`${button} ${idle}`}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        {previousLabel}
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
            aria-label={pageLabel(item)}
            aria-current={item === page ? 'page' : undefined}
            className={`${button} ${item === page ? current : idle}`}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${button} ${idle}`}
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        {nextLabel}
      </button>
    </nav>
  );
}
