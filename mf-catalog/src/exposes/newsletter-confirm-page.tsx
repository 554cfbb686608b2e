import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { NewsletterPage } from '../app/pages/newsletter-page';

/** /newsletter/confirm: the page the confirm link of the newsletter e-mail opens. */
function NewsletterConfirmPage() {
  return <NewsletterPage action="confirm" />;
}

export default NewsletterConfirmPage satisfies ExposeComponent<'catalog', 'NewsletterConfirmPage'>;
