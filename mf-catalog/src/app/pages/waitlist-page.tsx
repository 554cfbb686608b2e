import { routes } from '@prepper/shared';
import { PageMessage, PRIMARY_ACTION, useDocumentTitle } from '@prepper/shared/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../../components/page-loading';
import { waitlistLinkQuery, type WaitlistLinkAction } from '../../features/waitlist/api/follow-waitlist-link';
import { waitlistTexts } from '../../features/waitlist/texts';

const t = waitlistTexts;

/**
 * /waitlist/confirm and /waitlist/unsubscribe: the pages the waitlist e-mails link to. Opening the page
 * is the one click: it follows the link's token and says what happened.
 */
export function WaitlistPage({ action }: { action: WaitlistLinkAction }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const title = action === 'confirm' ? t.confirmTitle : t.unsubscribeTitle;
  useDocumentTitle(title);
  const state = waitlistLinkQuery.use(token ? [action, token] : null);

  if (token && state.status === 'loading') return <PageLoading label={t.loading} />;
  const outcome = state.status === 'success' ? state.data : null;
  const lead = !token
    ? t.noToken
    : !outcome
      ? t.failed
      : t.results[outcome.result](outcome.product?.name ?? '');
  return (
    <div data-remote="catalog">
      <PageMessage title={title} lead={lead}>
        {outcome?.product ? (
          <Link to={routes.productBySlug(outcome.product.slug)} className={PRIMARY_ACTION}>
            {t.viewProduct}
          </Link>
        ) : (
          <Link to={routes.products} className={PRIMARY_ACTION}>
            {t.browse}
          </Link>
        )}
      </PageMessage>
    </div>
  );
}
