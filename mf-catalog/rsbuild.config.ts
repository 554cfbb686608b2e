import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, mergeRsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { appRsbuildConfig } from '@prepper/rsbuild-config';
import moduleFederationConfig from './module-federation.config';

export default defineConfig(
  mergeRsbuildConfig(appRsbuildConfig('catalog'), {
    plugins: [pluginReact(), pluginModuleFederation(moduleFederationConfig)],
    html: { title: 'ReadyStock — Storefront pages and the product card' },
    performance: {
      chunkSplit: {
        strategy: 'split-by-experience',
        // The texts serve the category nav and every page, both on screen at once: one chunk of their own
        // instead of a copy in each (2.7 kB gzip downloaded twice per page).
        forceSplitting: { 'catalog-texts': /mf-catalog[\\/]src[\\/]texts\.ts$/ },
      },
    },
  }),
);
