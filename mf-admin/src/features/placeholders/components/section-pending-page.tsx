import { Spinner } from '@prepper/shared/ui';

/** Stands in for a section whose pages are still being built. */
export function SectionPendingPage({ section }: { section: string }) {
  return (
    <section aria-labelledby="pending-title">
      <h1 id="pending-title" className="text-2xl font-bold text-slate-900">
        {section}
      </h1>
      <Spinner label={`${section} is on its way`} />
    </section>
  );
}
