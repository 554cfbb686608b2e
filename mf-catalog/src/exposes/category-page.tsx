import '../styles.css';
import { CategoryPage } from '../app/pages/category-page';

/** The CategoryPage of the storefront; the shell mounts it on its route and provides the router. */
export default CategoryPage;
