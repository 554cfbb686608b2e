import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { WaitlistPage } from '../app/pages/waitlist-page';

/** /waitlist/unsubscribe: the page the unsubscribe link of a waitlist e-mail opens; the shell provides the router. */
function WaitlistUnsubscribePage() {
  return <WaitlistPage action="unsubscribe" />;
}

export default WaitlistUnsubscribePage satisfies ExposeComponent<'catalog', 'WaitlistUnsubscribePage'>;
