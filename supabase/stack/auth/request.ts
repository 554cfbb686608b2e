// Reading auth requests: JSON bodies as GoTrue decodes them, typed fields, bearer tokens, client IP.
import type { IncomingMessage } from 'node:http';
import { BodyError, header, readJsonBody } from '../http.ts';
import { AuthError, badRequest } from './errors.ts';

export type JsonObject = Record<string, unknown>;

export async function readBodyObject(req: IncomingMessage): Promise<JsonObject> {
  let body: unknown;
  try {
    body = await readJsonBody(req);
  } catch (error) {
    if (error instanceof BodyError) {
      if (error.status === 413) {
        throw new AuthError(413, 'request_entity_too_large', 'Request body too large');
      }
      throw badRequest('bad_json', `Could not parse request body as JSON: ${error.message}`);
    }
    throw error;
  }
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return body as JsonObject;
}

/** A string field; absent or null gives undefined; any other type is a JSON decoding error as in Go. */
export function stringField(body: JsonObject, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw badRequest('bad_json', `Could not parse request body as JSON: field "${key}" must be a string`);
  }
  return value;
}

export function booleanField(body: JsonObject, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') {
    throw badRequest('bad_json', `Could not parse request body as JSON: field "${key}" must be a boolean`);
  }
  return value;
}

export function objectField(body: JsonObject, key: string): JsonObject | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', `Could not parse request body as JSON: field "${key}" must be an object`);
  }
  return value as JsonObject;
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const value = header(req, 'authorization');
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1];
}

export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's e-mail validation: required, at most 255 characters, a plausible address. */
export function validateEmail(raw: string | undefined): string {
  const email = (raw ?? '').trim();
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!emailPattern.test(email)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}
