import '../styles.css';
import { HomePage } from '../app/pages/home-page';

/** The HomePage of the storefront; the shell mounts it on its route and provides the router. */
export default HomePage;
