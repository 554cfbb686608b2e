import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { HomePage } from '../app/pages/home-page';

/** The HomePage of the storefront; the shell mounts it on its route and provides the router. */
export default HomePage satisfies ExposeComponent<'catalog', 'HomePage'>;
