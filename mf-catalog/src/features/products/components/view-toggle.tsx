import type { ViewMode } from '../../../lib/products-url-state';
import { texts } from '../../../texts';

const icons: Record<ViewMode, string> = {
  grid: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  list: 'M4 5h16M4 12h16M4 19h16',
};

/** Grid or list, as a pair of toggle buttons. */
export function ViewToggle({ view, onChange }: { view: ViewMode; onChange: (view: ViewMode) => void }) {
  return (
    <div
      role="group"
      aria-label={texts.products.view}
      className="flex rounded-lg border border-slate-300 bg-white p-0.5"
    >
      {(['grid', 'list'] as const).map((mode) => (
        <button
          key={mode}
          type="button"
          aria-label={mode === 'grid' ? texts.products.gridView : texts.products.listView}
          aria-pressed={view === mode}
          onClick={() => onChange(mode)}
          className={`rounded-md p-2 transition ${view === mode ? 'bg-orange-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
        >
          <svg
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d={icons[mode]} />
          </svg>
        </button>
      ))}
    </div>
  );
}
