import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { NewsletterPage } from '../app/pages/newsletter-page';

/** /newsletter/unsubscribe: the page the one-click unsubscribe link of every newsletter e-mail opens. */
function NewsletterUnsubscribePage() {
  return <NewsletterPage action="unsubscribe" />;
}

export default NewsletterUnsubscribePage satisfies ExposeComponent<'catalog', 'NewsletterUnsubscribePage'>;
