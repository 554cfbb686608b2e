import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedDependencies } from '@prepper/shared/rsbuild';

/** The remote's public API: these exposes, typed, changed with care. */
export default createModuleFederationConfig({
  name: 'catalog',
  exposes: {
    './HomePage': './src/exposes/home-page.tsx',
    './ProductsPage': './src/exposes/products-page.tsx',
    './CategoryPage': './src/exposes/category-page.tsx',
    './SubcategoryPage': './src/exposes/subcategory-page.tsx',
    './ProductPage': './src/exposes/product-page.tsx',
    './CategoryNav': './src/exposes/category-nav.tsx',
  },
  shared: sharedDependencies(),
  dts: false,
  // In production the shell provides the federation runtime once for every remote; a remote running
  // on its own in dev carries its own.
  experiments: { externalRuntime: process.env.NODE_ENV === 'production' },
});
