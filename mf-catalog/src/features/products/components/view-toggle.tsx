import { ListBulletIcon, Squares2X2Icon } from '@heroicons/react/24/outline';
import type { ComponentType, SVGProps } from 'react';
import type { ViewMode } from '../../../lib/products-url-state';
import { listTexts } from '../../../lib/list-texts';

const icons: Record<ViewMode, ComponentType<SVGProps<SVGSVGElement>>> = {
  grid: Squares2X2Icon,
  list: ListBulletIcon,
};

function ModeIcon({ mode }: { mode: ViewMode }) {
  const Icon = icons[mode];
  return <Icon className="h-5 w-5" />;
}

/** Grid or list, as a pair of toggle buttons. */
export function ViewToggle({ view, onChange }: { view: ViewMode; onChange: (view: ViewMode) => void }) {
  return (
    <div
      role="group"
      aria-label={listTexts.products.view}
      className="flex rounded-lg border border-slate-300 bg-white p-0.5"
    >
      {(['grid', 'list'] as const).map((mode) => (
        <button
          key={mode}
          type="button"
          aria-label={mode === 'grid' ? listTexts.products.gridView : listTexts.products.listView}
          aria-pressed={view === mode}
          onClick={() => onChange(mode)}
          className={`rounded-md p-2 transition ${view === mode ? 'bg-orange-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
        >
          <ModeIcon mode={mode} />
        </button>
      ))}
    </div>
  );
}
