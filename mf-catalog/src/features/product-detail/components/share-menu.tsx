import { ArrowUpOnSquareIcon } from '@heroicons/react/24/outline';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { productTexts } from '../texts';

/** The menu's links load when it is first opened: they are not part of the product page's first load. */
const ShareMenuList = lazy(() => import('./share-menu-list'));

/** ArrowUpOnSquareIcon button with a small disclosure of Facebook, Twitter, Email and Copy Link. */
export function ShareMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={productTexts.shareMenu}
        onClick={() => setOpen((value) => !value)}
        className="flex h-12 w-12 items-center justify-center rounded-lg border border-slate-300 text-slate-700 transition hover:bg-slate-100"
      >
        <ArrowUpOnSquareIcon className="h-5 w-5" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareMenuList
            id={menuId}
            name={name}
            onDone={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
