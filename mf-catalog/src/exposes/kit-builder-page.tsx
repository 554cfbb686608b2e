import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { KitBuilderPage } from '../app/pages/kit-builder-page';

/** /kit-builder: the kit builder; the shell mounts it on its route and provides the router. */
export default KitBuilderPage satisfies ExposeComponent<'catalog', 'KitBuilderPage'>;
