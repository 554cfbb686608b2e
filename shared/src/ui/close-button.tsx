import { XMarkIcon } from '@heroicons/react/24/outline';

/** The close control of an overlay (cart drawer, search panel, account dialog): an icon button named by `label`. */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-orange-600"
    >
      <XMarkIcon className="h-5 w-5" />
    </button>
  );
}
