// Shared facts of the browser-test harness: ports, origins, and the environment variables through which
// global-setup hands the isolated stack and the control endpoint to the test workers.

export const SHOP_PORT = 4000;
export const STACK_PORT = 54331;

/** The remotes and the ports the harness serves them on (production ports + 1000). */
export const REMOTE_PORTS = {
  catalog: 4001,
  cart: 4002,
  search: 4003,
  account: 4004,
  admin: 4005,
} as const;

export type RemoteName = keyof typeof REMOTE_PORTS;

export const SHOP_URL = `http://localhost:${SHOP_PORT}`;

export function remoteOrigin(name: RemoteName): string {
  return `http://localhost:${REMOTE_PORTS[name]}`;
}

export const ENV = {
  stackUrl: 'E2E_STACK_URL',
  anonKey: 'E2E_STACK_ANON_KEY',
  serviceRoleKey: 'E2E_STACK_SERVICE_ROLE_KEY',
  control: 'E2E_CONTROL_URL',
} as const;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
