import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedDependencies } from '@prepper/shared/rsbuild';

/** The host: no remote is known at build time; they come from /config.json at runtime. */
export default createModuleFederationConfig({
  name: 'shell',
  remotes: {},
  shared: sharedDependencies(),
  dts: false,
  experiments: { provideExternalRuntime: true },
});
