import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, mergeRsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { appRsbuildConfig } from '@prepper/rsbuild-config';
import moduleFederationConfig from './module-federation.config';

export default defineConfig(
  mergeRsbuildConfig(appRsbuildConfig('cart'), {
    plugins: [pluginReact(), pluginModuleFederation(moduleFederationConfig)],
    html: { title: 'ReadyStock — The cart overlay' },
  }),
);
