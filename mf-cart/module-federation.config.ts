import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { federationOptions } from '@prepper/rsbuild-config';

/** Name, exposes and shared singletons come from the app registry (shared/src/apps.ts). */
export default createModuleFederationConfig(federationOptions('cart'));
