import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, mergeRsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { appRsbuildConfig, REACT_PLUGIN_OPTIONS } from '@prepper/rsbuild-config';
import moduleFederationConfig from './module-federation.config';

export default defineConfig(
  mergeRsbuildConfig(appRsbuildConfig('catalog'), {
    plugins: [pluginReact(REACT_PLUGIN_OPTIONS), pluginModuleFederation(moduleFederationConfig)],
    html: { title: 'ReadyStock — Storefront pages and the product card' },
  }),
);
