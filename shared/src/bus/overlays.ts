import { map } from 'nanostores';

export type OverlayName = 'cart' | 'auth' | 'search';

/** Which overlays are open; each opens and closes independently of the others. */
export const $overlays = map<Record<OverlayName, boolean>>({ cart: false, auth: false, search: false });

export function openOverlay(name: OverlayName): void {
  $overlays.setKey(name, true);
}

export function closeOverlay(name: OverlayName): void {
  $overlays.setKey(name, false);
}

export function toggleOverlay(name: OverlayName): void {
  $overlays.setKey(name, !$overlays.get()[name]);
}
