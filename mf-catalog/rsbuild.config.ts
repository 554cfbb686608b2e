import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, mergeRsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import {
  appRsbuildConfig,
  pluginServerBuild,
  REACT_PLUGIN_OPTIONS,
  serverEnvironments,
  serverFederationOptions,
} from '@prepper/rsbuild-config';
import moduleFederationConfig from './module-federation.config';

// Two builds at once: the browser's (dist/) and the server's (dist/server/, the same exposes for Node),
// published together; the browser manifest names the server's remote entry.
export default defineConfig(
  mergeRsbuildConfig(appRsbuildConfig('catalog'), {
    environments: serverEnvironments(),
    plugins: [
      pluginReact(REACT_PLUGIN_OPTIONS),
      pluginModuleFederation(moduleFederationConfig, { environment: 'web' }),
      pluginModuleFederation(serverFederationOptions('catalog'), { target: 'node', environment: 'node' }),
      pluginServerBuild(),
    ],
    html: { title: 'ReadyStock — Storefront pages and the product card' },
  }),
);
