import { useStore } from '@nanostores/react';
import { $overlays } from '@prepper/shared';
import { lazy, Suspense } from 'react';
import { $overlayWanted } from '../lib/overlay-intent';

const OverlaySlots = lazy(() => import('./overlay-slots'));

/**
 * The overlay slots (and the dialog they show while a remote loads) are not part of the first load: they
 * mount once an overlay is wanted (its button hovered or focused) or opened, and stay from then on.
 */
export function DeferredOverlaySlots() {
  const open = useStore($overlays);
  const wanted = useStore($overlayWanted);
  const needed = Object.values(open).some(Boolean) || Object.values(wanted).some(Boolean);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <OverlaySlots />
    </Suspense>
  );
}
