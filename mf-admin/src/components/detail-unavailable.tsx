import { Link } from 'react-router-dom';
import { buttonStyles, icons } from './icons';

export interface DetailUnavailableProps {
  /** Where the back link goes and what it says, e.g. 'Back to Orders'. */
  back: { to: string; label: string };
  /** The load's error, or null when the record simply does not exist. */
  error: unknown;
  texts: { loadFailed: string; notFound: string; notFoundHint?: string; retry: string };
  onRetry: () => void;
}

/** What a detail page shows instead of its record: the load failed (with Retry), or there is no such record. */
export function DetailUnavailable({ back, error, texts, onRetry }: DetailUnavailableProps) {
  return (
    <div>
      <div className="mb-4">
        <Link to={back.to} className={buttonStyles.back}>
          <icons.arrowLeft />
          {back.label}
        </Link>
      </div>
      {error ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{texts.loadFailed}</p>
          <p className="mt-1 text-sm text-red-700">
            {error instanceof Error ? error.message : String(error)}
          </p>
          <button type="button" onClick={onRetry} className={`${buttonStyles.primary} mt-4`}>
            {texts.retry}
          </button>
        </div>
      ) : (
        <div className="rounded-lg border border-slate-200 bg-white px-6 py-12 text-center">
          <h1 className="text-xl font-semibold text-slate-900">{texts.notFound}</h1>
          {texts.notFoundHint ? <p className="mt-1 text-sm text-slate-600">{texts.notFoundHint}</p> : null}
        </div>
      )}
    </div>
  );
}
