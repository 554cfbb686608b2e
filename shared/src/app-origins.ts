// Node-only (the local stack's CORS and the serve tool): kept out of apps.ts, which every app ships in the
// @prepper/shared singleton.
import { APP_NAMES, appPort, DEV_PORT_BASE } from './apps';

/** Every app's origin at a port base, on localhost and 127.0.0.1 (what a stack's CORS must allow). */
export function appOrigins(base: number = DEV_PORT_BASE): string[] {
  return APP_NAMES.flatMap((name) => [
    `http://localhost:${appPort(name, base)}`,
    `http://127.0.0.1:${appPort(name, base)}`,
  ]);
}
