import { pageItems } from '@prepper/shared';
import { texts } from '../../../texts';

const buttonBase =
  'min-w-10 rounded-lg border px-3 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-40';

/** Previous, page numbers and Next. */
export function Pagination({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={texts.products.pagination}
      className="mt-10 flex flex-wrap items-center justify-center gap-2"
    >
      <button
        type="button"
        className={`${buttonBase} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        {texts.products.previous}
      </button>
      {pageItems(page, pages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="px-1 text-slate-400" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-label={texts.products.page(item)}
            aria-current={item === page ? 'page' : undefined}
            className={`${buttonBase} ${
              item === page
                ? 'border-orange-600 bg-orange-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
            }`}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${buttonBase} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        {texts.products.next}
      </button>
    </nav>
  );
}
