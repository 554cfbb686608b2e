// Shared facts of the browser-test harness: ports, origins, and the environment variables through which
// global-setup hands the isolated stack and the control endpoint to the test workers. The apps and
// their port offsets come from the app registry (shared/src/apps.ts).
import { REMOTE_NAMES, appPort, type RemoteName } from '../shared/src/apps.ts';

export type { RemoteName };

function portFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * The shell on 4000 and the remotes on the next ports (4001-4005), the stack on 54331. E2E_PORT_BASE / E2E_STACK_PORT move
 * them (e.g. to run a second copy of the suite beside a running one); the specs only use these constants.
 */
export const SHOP_PORT = portFromEnv('E2E_PORT_BASE', 4000);
export const STACK_PORT = portFromEnv('E2E_STACK_PORT', 54331);

/** Each remote's port in the browser tests: SHOP_PORT + its offset in the registry. */
export const REMOTE_PORTS = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, appPort(name, SHOP_PORT)]),
) as Record<RemoteName, number>;

export const SHOP_URL = `http://localhost:${SHOP_PORT}`;

export function remoteOrigin(name: RemoteName): string {
  return `http://localhost:${REMOTE_PORTS[name]}`;
}

export const ENV = {
  stackUrl: 'E2E_STACK_URL',
  anonKey: 'E2E_STACK_ANON_KEY',
  serviceRoleKey: 'E2E_STACK_SERVICE_ROLE_KEY',
  control: 'E2E_CONTROL_URL',
  /** The local Stripe stand-in (card payments): its address and secret key. */
  stripeUrl: 'E2E_STRIPE_URL',
  stripeSecretKey: 'E2E_STRIPE_SECRET_KEY',
} as const;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
