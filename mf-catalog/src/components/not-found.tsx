import { usePageMeta, usePageStatus } from '@prepper/shared';
import { Link } from 'react-router-dom';

/** The not-found state of a page: a title, a hint and one way out. */
export function NotFound({
  title,
  lead,
  linkTo,
  linkLabel,
}: {
  title: string;
  lead: string;
  linkTo: string;
  linkLabel: string;
}) {
  // A missing product, category or subcategory answers 404 with this state, and is not to be indexed.
  usePageStatus(404);
  usePageMeta({ title, description: lead, noindex: true });
  return (
    <section data-remote="catalog" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{lead}</p>
      <Link
        to={linkTo}
        className="mt-8 inline-block rounded-lg bg-orange-600 px-6 py-3 font-semibold text-white hover:bg-orange-700"
      >
        {linkLabel}
      </Link>
    </section>
  );
}
