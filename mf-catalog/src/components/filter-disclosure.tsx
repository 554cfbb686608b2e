import { useId, useState, type ReactNode } from 'react';

/** The filter panel: always shown beside the products on wide screens, behind a toggle on narrow ones. */
export function FilterDisclosure({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      {/* A heading holding the toggle (the disclosure pattern), so the page's headings go h1, h2, h3. */}
      <h2 className="lg:hidden">
        <button
          type="button"
          className="flex w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {title}
          <span aria-hidden="true">{open ? '−' : '+'}</span>
        </button>
      </h2>
      <div
        id={panelId}
        className={`${open ? 'block' : 'hidden'} mt-3 space-y-6 rounded-xl border border-slate-200 bg-white p-5 lg:mt-0 lg:block`}
      >
        <h2 className="hidden text-lg font-semibold text-slate-900 lg:block">{title}</h2>
        {children}
      </div>
    </>
  );
}
