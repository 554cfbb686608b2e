import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, mergeRsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { appPort, appRsbuildConfig, REACT_PLUGIN_OPTIONS } from '@prepper/rsbuild-config';
import moduleFederationConfig from './module-federation.config';

const devPort = Number(process.env.PORT ?? appPort('admin'));

export default defineConfig(
  mergeRsbuildConfig(appRsbuildConfig('admin'), {
    plugins: [pluginReact(REACT_PLUGIN_OPTIONS), pluginModuleFederation(moduleFederationConfig)],
    html: { title: 'ReadyStock — The whole back office under /admin' },
    // Standalone, every page sits below /admin/: script URLs must not be relative to the page.
    dev: { assetPrefix: `http://localhost:${devPort}/` },
  }),
);
