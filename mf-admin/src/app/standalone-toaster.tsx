import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '@prepper/shared';

/** Running on its own there is no shell toaster; this minimal one shows the same $toasts. */
export function StandaloneToaster() {
  const toasts = useStore($toasts);
  return (
    <div aria-live="polite" className="fixed top-4 left-1/2 z-50 flex -translate-x-1/2 flex-col gap-2">
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.kind === 'error' ? 'alert' : 'status'}
          className="flex items-center gap-3 rounded-md bg-slate-900 px-4 py-2 text-sm text-white shadow-lg"
        >
          {item.message}
          <button type="button" aria-label="Dismiss" onClick={() => dismissToast(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
