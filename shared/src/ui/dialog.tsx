import { useEffect, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog. */
  label: string;
  /** 'drawer' slides in from the right (cart), 'panel' drops from the top (search), 'modal' is centred. */
  variant?: 'drawer' | 'panel' | 'modal';
  className?: string;
  children: ReactNode;
}

const variantClasses: Record<NonNullable<DialogProps['variant']>, string> = {
  drawer: 'ml-auto mr-0 h-dvh max-h-dvh w-full max-w-md',
  panel: 'mx-auto mt-16 w-[calc(100%-2rem)] max-w-2xl rounded-xl',
  modal: 'm-auto w-[calc(100%-2rem)] max-w-md rounded-xl',
};

/**
 * An accessible modal dialog on the native <dialog> element: the page behind is inert (focus is
 * trapped), Escape and a click on the backdrop close it, and focus returns to where it was.
 */
export function Dialog({ open, onClose, label, variant = 'modal', className = '', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      // The content unmounts before close(), so the browser's own focus return finds nothing to do.
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target?.isConnected) target.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-label={label}
      className={`bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 ${variantClasses[variant]} ${className}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={(event) => {
        // The browser's close event comes a task after close(): when the dialog was opened again in
        // between (Escape, then at once Ctrl+K), it is late news, not a close.
        if (open && !event.currentTarget.open) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
