import { $overlays, type OverlayName } from '@prepper/shared';

/**
 * Returns focus to what opened an overlay once it closes. Native <dialog> does this by itself, but not
 * when the shell's loading dialog is swapped for the remote's own while the overlay is open; this
 * catches that case (and any overlay that unmounts its dialog) without fighting the native behaviour.
 */
export function startOverlayFocusReturn(): () => void {
  const openers = new Map<OverlayName, Element | null>();
  let previous = $overlays.get();
  return $overlays.listen((current) => {
    for (const name of Object.keys(current) as OverlayName[]) {
      if (current[name] && !previous[name]) openers.set(name, document.activeElement);
      if (!current[name] && previous[name]) {
        const opener = openers.get(name);
        openers.delete(name);
        setTimeout(() => {
          const active = document.activeElement;
          const lost = !active || active === document.body || !active.isConnected;
          if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
        }, 0);
      }
    }
    previous = { ...current };
  });
}
