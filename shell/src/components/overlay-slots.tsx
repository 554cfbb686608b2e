import { useStore } from '@nanostores/react';
import {
  $overlays,
  APPS,
  closeOverlay,
  remoteOverlays,
  type OverlayName,
  type RemoteName,
} from '@prepper/shared';
import { Dialog, Spinner } from '@prepper/shared/ui';
import { useEffect } from 'react';
import { $overlayWanted, prefetchOverlay } from '../lib/overlay-intent';
import { texts } from '../texts';
import { MountedSlot, SlotError } from './remote/remote-slot';

interface OverlaySlotProps {
  name: OverlayName;
  remote: RemoteName;
  expose: string;
  part: string;
  variant: 'drawer' | 'panel' | 'modal';
}

/**
 * One overlay's slot. The remote's overlay renders its own dialog from $overlays; until its code has
 * arrived (or when it cannot), the shell shows a dialog of its own with a spinner or the fallback.
 */
export function OverlaySlot({ name, remote, expose, part, variant }: OverlaySlotProps) {
  const open = useStore($overlays)[name];
  const wanted = useStore($overlayWanted)[name];

  useEffect(() => {
    if (open) prefetchOverlay(name);
  }, [open, name]);

  if (!wanted && !open) return null;
  const close = () => closeOverlay(name);
  return (
    <MountedSlot
      remote={remote}
      expose={expose}
      part={part}
      loading={
        open ? (
          <Dialog open onClose={close} label={part} variant={variant}>
            <Spinner label={texts.slots.loading(part)} />
          </Dialog>
        ) : null
      }
      renderError={({ retry }) =>
        open ? (
          <Dialog open onClose={close} label={part} variant={variant}>
            <div className="space-y-4 p-6">
              <SlotError part={part} retry={retry} />
              <div className="text-right">
                <button
                  type="button"
                  onClick={close}
                  className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  {texts.slots.close}
                </button>
              </div>
            </div>
          </Dialog>
        ) : null
      }
    />
  );
}

/** The overlays the remotes render (the app registry); each opens and closes independently. */
export function OverlaySlots() {
  return (
    <>
      {remoteOverlays().map((overlay) => (
        <OverlaySlot
          key={overlay.name}
          name={overlay.name}
          remote={overlay.remote}
          expose={overlay.expose}
          part={APPS[overlay.remote].label}
          variant={overlay.variant}
        />
      ))}
    </>
  );
}

/** Loaded lazily; the default export spares the first load the mapping of a named one. */
export default OverlaySlots;
