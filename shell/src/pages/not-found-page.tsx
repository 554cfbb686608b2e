import { routes, usePageMeta, usePageStatus } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import { lateTexts } from '../late-texts';

export function NotFoundPage() {
  useDocumentTitle(lateTexts.notFound.title);
  usePageStatus(404);
  usePageMeta({ title: lateTexts.notFound.title, description: lateTexts.notFound.body, noindex: true });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-orange-600">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{lateTexts.notFound.title}</h1>
      <p className="mt-3 text-slate-600">{lateTexts.notFound.body}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to={routes.home}
          className="rounded-lg bg-orange-600 px-5 py-2.5 font-semibold text-white hover:bg-orange-700"
        >
          {lateTexts.notFound.home}
        </Link>
        <Link
          to={routes.products}
          className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50"
        >
          {lateTexts.notFound.products}
        </Link>
      </div>
    </section>
  );
}

/** Loaded lazily; the default export spares the first load the mapping of a named one. */
export default NotFoundPage;
