import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { WaitlistPage } from '../app/pages/waitlist-page';

/** /waitlist/confirm: the page the confirm link of a waitlist e-mail opens; the shell provides the router. */
function WaitlistConfirmPage() {
  return <WaitlistPage action="confirm" />;
}

export default WaitlistConfirmPage satisfies ExposeComponent<'catalog', 'WaitlistConfirmPage'>;
