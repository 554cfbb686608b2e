import { useStore } from '@nanostores/react';
import { $overlays, $toasts, dismissToast, type Toast } from '@prepper/shared';
import { useLayoutEffect, useRef } from 'react';
import { lateTexts } from '../late-texts';
import { XMarkIcon } from '@heroicons/react/24/outline';

const kindClasses: Record<Toast['kind'], string> = {
  success: 'border-green-600 bg-green-50 text-green-900',
  error: 'border-red-600 bg-red-50 text-red-900',
  info: 'border-slate-400 bg-white text-slate-900',
  loading: 'border-orange-500 bg-white text-slate-900',
};

/** The shop's one toaster (top-centre): every part raises toasts through the bus, only the shell shows them. */
export function Toaster() {
  const toasts = useStore($toasts);
  const overlays = useStore($overlays);
  const ref = useRef<HTMLElement>(null);

  // Overlays are modal <dialog>s in the browser's top layer; the toaster is a manual popover raised
  // above them again whenever toasts or overlays change, so a toast is never hidden behind a dialog.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) element.hidePopover();
    element.showPopover();
  }, [toasts, overlays]);

  return (
    <section
      ref={ref}
      popover="manual"
      aria-label={lateTexts.toaster.label}
      className="pointer-events-none fixed inset-x-0 top-3 z-[60] m-0 flex w-full flex-col items-center gap-2 overflow-visible border-0 bg-transparent p-0 px-3"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-kind={toast.kind}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-l-4 px-4 py-3 text-sm shadow-lg ${kindClasses[toast.kind]}`}
        >
          {toast.kind === 'loading' ? (
            <span
              aria-hidden="true"
              className="mt-0.5 h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-slate-200 border-t-orange-600"
            />
          ) : null}
          <p className="flex-1">{toast.message}</p>
          <button
            type="button"
            aria-label={lateTexts.toaster.dismiss}
            onClick={() => dismissToast(toast.id)}
            className="-m-1 rounded p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-orange-600"
          >
            <XMarkIcon className="h-4 w-4" />
          </button>
        </div>
      ))}
    </section>
  );
}

/** Loaded lazily; the default export spares the first load the mapping of a named one. */
export default Toaster;
