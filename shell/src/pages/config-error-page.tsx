import { useDocumentTitle } from '@prepper/shared/ui';
import { lateTexts } from '../late-texts';
import { texts } from '../texts';

/** Shown instead of a blank page when /config.json cannot be loaded. */
export function ConfigErrorPage({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  useDocumentTitle('Unavailable');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div role="alert" className="max-w-md rounded-xl bg-white p-8 text-center shadow-lg">
        <h1 className="text-2xl font-bold text-slate-900">{lateTexts.configError.title}</h1>
        <p className="mt-3 text-slate-600">{lateTexts.configError.body}</p>
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="mt-6 rounded-lg bg-orange-600 px-5 py-2.5 font-semibold text-white hover:bg-orange-700 disabled:opacity-60"
        >
          {retrying ? texts.slots.retrying : lateTexts.configError.retry}
        </button>
      </div>
    </main>
  );
}

/** Loaded lazily; the default export spares the first load the mapping of a named one. */
export default ConfigErrorPage;
