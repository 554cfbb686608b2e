/**
 * ProductGrid as a default export, for the product page's lazy import (its related products): the page
 * then carries no mapping of a named export.
 */
export { ProductGrid as default } from './product-grid';
