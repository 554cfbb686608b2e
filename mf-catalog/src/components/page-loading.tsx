import { Spinner } from '@prepper/shared/ui';

/** The loading state of a whole page: a spinner with its accessible label, holding a screen's height. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div data-remote="catalog">
      <Spinner label={label} className="min-h-dvh items-start" />
    </div>
  );
}
