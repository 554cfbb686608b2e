import { toast } from '@prepper/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { texts } from '../../../texts';

export function shareLinks(url: string, name: string) {
  const encodedUrl = encodeURIComponent(url);
  const encodedName = encodeURIComponent(name);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
    twitter: `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${encodedName}`,
    email: `mailto:?subject=${encodedName}&body=${encodedUrl}`,
  };
}

/** Share button with a small disclosure of Facebook, Twitter, Email and Copy Link. */
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

  const url = typeof window === 'undefined' ? '' : window.location.href;
  const links = shareLinks(url, name);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success(texts.product.toastLinkCopied);
    } catch (error) {
      console.error('[catalog] could not copy the link', error);
    }
    setOpen(false);
    buttonRef.current?.focus();
  }

  const itemClass =
    'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';
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
        aria-label={texts.product.shareMenu}
        onClick={() => setOpen((value) => !value)}
        className="flex h-12 w-12 items-center justify-center rounded-lg border border-slate-300 text-slate-700 transition hover:bg-slate-100"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13" />
        </svg>
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 z-20 mt-2 w-44 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <li>
            <a href={links.facebook} target="_blank" rel="noopener noreferrer" className={itemClass}>
              {texts.product.facebook}
            </a>
          </li>
          <li>
            <a href={links.twitter} target="_blank" rel="noopener noreferrer" className={itemClass}>
              {texts.product.twitter}
            </a>
          </li>
          <li>
            <a href={links.email} className={itemClass}>
              {texts.product.email}
            </a>
          </li>
          <li>
            <button type="button" className={itemClass} onClick={() => void copyLink()}>
              {texts.product.copyLink}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
