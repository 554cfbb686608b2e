import { routes } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';

/** Any /admin path that is not a back office page. */
export function AdminNotFoundPage() {
  useDocumentTitle('Page not found · Admin');
  return (
    <section aria-labelledby="admin-not-found-title" className="py-16 text-center">
      <h1 id="admin-not-found-title" className="text-2xl font-bold text-slate-900">
        Page not found
      </h1>
      <p className="mt-2 text-slate-600">There is no back office page at this address.</p>
      <Link
        to={routes.admin.root}
        className="mt-6 inline-block font-semibold text-orange-600 hover:underline"
      >
        Back to the dashboard
      </Link>
    </section>
  );
}
