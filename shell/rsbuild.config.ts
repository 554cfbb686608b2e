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

// Two builds at once: the browser's (dist/) and the server renderer's (dist/server/index.js, which the
// shop's server loads; it loads the remotes' server builds at run time).
export default defineConfig(
  mergeRsbuildConfig(appRsbuildConfig('shell'), {
    environments: serverEnvironments('./src/server.ts'),
    plugins: [
      pluginReact(REACT_PLUGIN_OPTIONS),
      pluginModuleFederation(moduleFederationConfig, { environment: 'web' }),
      pluginModuleFederation(serverFederationOptions('shell'), { target: 'node', environment: 'node' }),
      pluginServerBuild(),
    ],
    html: {
      template: './index.html',
      title: 'ReadyStock — Be Ready. Stay Safe.',
      favicon: './public/favicon.svg',
    },
  }),
);
