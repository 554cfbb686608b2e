import { useStore } from '@nanostores/react';
import { $toasts } from '@prepper/shared';
import { lazy, Suspense, useState } from 'react';

const Toaster = lazy(() => import('./toaster'));

/** The toaster is not part of the first load: it mounts with the first toast and stays from then on. */
export function DeferredToaster() {
  const hasToasts = useStore($toasts).length > 0;
  const [needed, setNeeded] = useState(hasToasts);
  if (hasToasts && !needed) setNeeded(true);
  if (!needed && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
