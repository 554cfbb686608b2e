import { useDocumentTitle } from '@prepper/shared/ui';
import { texts } from '../../texts';

/** Orders, customers, analytics and settings: 'Coming Soon' only. */
export function ComingSoonPage({ section }: { section: string }) {
  useDocumentTitle(`${section} · Admin`);
  return (
    <section aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className="text-2xl font-bold text-slate-900">
        {section}
      </h1>
      <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <p className="text-xl font-semibold text-slate-700">{texts.comingSoon}</p>
      </div>
    </section>
  );
}
