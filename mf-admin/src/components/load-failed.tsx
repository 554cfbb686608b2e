import { buttonStyles } from './icons';

export interface LoadFailedProps {
  /** What could not be loaded, e.g. 'The messages could not be loaded.' */
  message: string;
  retryLabel: string;
  onRetry: () => void;
}

/** A page's failed load, announced, with a button that asks again (never an empty page). */
export function LoadFailed({ message, retryLabel, onRetry }: LoadFailedProps) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-semibold text-red-800">{message}</p>
      <button type="button" className={`${buttonStyles.secondary} mt-4`} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
