import { map } from 'nanostores';
import type { OverlayName } from '@prepper/shared';

/**
 * Overlays whose remote code the shell should fetch: set when an overlay first opens, or earlier when
 * the user shows intent (hovers or focuses its button), so first paint never waits for overlay code.
 */
export const $overlayWanted = map<Record<OverlayName, boolean>>({ cart: false, auth: false, search: false });

export function prefetchOverlay(name: OverlayName): void {
  if (!$overlayWanted.get()[name]) $overlayWanted.setKey(name, true);
}
