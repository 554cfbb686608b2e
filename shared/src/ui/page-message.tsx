import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The orange call to action of a storefront page (a button or a link). */
export const PRIMARY_ACTION =
  'inline-block rounded-lg bg-orange-600 px-6 py-3 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600';

/** A whole page that is only a message: a heading, a sentence and a way on (sign in, retry, not found). */
export function PageMessage({
  title,
  lead,
  icon,
  children,
}: {
  title: string;
  lead: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      {icon ? (
        <div
          aria-hidden="true"
          className="mx-auto mb-5 flex h-14 w-14 items-center justify-center rounded-full bg-orange-50 text-orange-600"
        >
          {icon}
        </div>
      ) : null}
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 text-slate-600">{lead}</p>
      {children ? <div className="mt-8">{children}</div> : null}
    </section>
  );
}

/**
 * A page whose record did not come: after a failure 'Try again' (`onRetry`), when it does not exist (or
 * is not the viewer's) a link on. `failed` picks which.
 */
export function NotLoaded({
  title,
  failed,
  failedLead,
  notFoundLead,
  retryLabel,
  onRetry,
  linkTo,
  linkLabel,
}: {
  title: string;
  failed: boolean;
  failedLead: string;
  notFoundLead: string;
  retryLabel: string;
  onRetry: () => void;
  linkTo: string;
  linkLabel: string;
}) {
  return (
    <PageMessage title={title} lead={failed ? failedLead : notFoundLead}>
      {failed ? (
        <button type="button" onClick={onRetry} className={PRIMARY_ACTION}>
          {retryLabel}
        </button>
      ) : (
        <Link to={linkTo} className={PRIMARY_ACTION}>
          {linkLabel}
        </Link>
      )}
    </PageMessage>
  );
}
