// Supabase Storage API's error answers: `{ statusCode, error, message }` (statusCode a string). Like
// storage-api, most refusals travel as HTTP 400 with the meaning in statusCode (an RLS refusal is
// 400 with statusCode "403"); too large is HTTP 413 and an unsupported type HTTP 415.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

export class StorageError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly statusCode: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export const storageErrors = {
  rls: () => new StorageError(400, '403', 'Unauthorized', 'new row violates row-level security policy'),
  jwt: (message: string) => new StorageError(400, '403', 'Unauthorized', message),
  tooLarge: () =>
    new StorageError(413, '413', 'Payload too large', 'The object exceeded the maximum allowed size'),
  mime: (type: string) =>
    new StorageError(415, '415', 'invalid_mime_type', `mime type ${type} is not supported`),
  content: (declared: string) =>
    new StorageError(415, '415', 'invalid_mime_type', `the file's content is not ${declared}`),
  duplicate: () => new StorageError(400, '409', 'Duplicate', 'The resource already exists'),
  noBucket: () => new StorageError(400, '404', 'Bucket not found', 'Bucket not found'),
  notFound: () => new StorageError(400, '404', 'not_found', 'Object not found'),
  invalidKey: (name: string) => new StorageError(400, '400', 'InvalidKey', `Invalid key: ${name}`),
  badRequest: (message: string) => new StorageError(400, '400', 'Bad Request', message),
};

export function sendStorageError(res: ServerResponse, error: StorageError): void {
  sendJson(res, error.httpStatus, {
    statusCode: error.statusCode,
    error: error.error,
    message: error.message,
  });
}
