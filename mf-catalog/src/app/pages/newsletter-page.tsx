import { routes } from '@prepper/shared';
import { PageMessage, PRIMARY_ACTION, useDocumentTitle } from '@prepper/shared/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../../components/page-loading';
import {
  newsletterLinkQuery,
  type NewsletterLinkAction,
} from '../../features/newsletter/api/follow-newsletter-link';
import { newsletterTexts } from '../../features/newsletter/texts';

const t = newsletterTexts;

/**
 * /newsletter/confirm and /newsletter/unsubscribe: the pages the newsletter e-mails link to. Opening the
 * page is the one click: it follows the link's token and says what happened. (A mail client's own
 * unsubscribe button POSTs to the same address, answered by the shop's server: RFC 8058.)
 */
export function NewsletterPage({ action }: { action: NewsletterLinkAction }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const title = action === 'confirm' ? t.confirmTitle : t.unsubscribeTitle;
  useDocumentTitle(title);
  const state = newsletterLinkQuery.use(token ? [action, token] : null);

  if (token && state.status === 'loading') return <PageLoading label={t.loading} />;
  const result = state.status === 'success' ? state.data : null;
  const lead = !token ? t.noToken : !result ? t.failed : t.results[result];
  return (
    <div data-remote="catalog">
      <PageMessage title={title} lead={lead}>
        <Link to={routes.products} className={PRIMARY_ACTION}>
          {t.browse}
        </Link>
      </PageMessage>
    </div>
  );
}
