import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedDependencies } from '@prepper/shared/rsbuild';

/** The remote's public API: these exposes, typed, changed with care. */
export default createModuleFederationConfig({
  name: 'cart',
  exposes: {
    './CartOverlay': './src/exposes/cart-overlay.tsx',
  },
  shared: sharedDependencies(),
  dts: false,
  // In production the shell provides the federation runtime once for every remote; a remote running
  // on its own in dev carries its own.
  experiments: { externalRuntime: process.env.NODE_ENV === 'production' },
});
