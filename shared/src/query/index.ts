export {
  CACHE_LIFETIME_MS,
  FAILURE_KEPT_MS,
  STALE_TIME_MS,
  createQueryContext,
  type Query,
  type QueryState,
} from './create-query-context';
export type {
  Mutation,
  MutationHandle,
  MutationOptions,
  MutationOutcome,
  StaleQuery,
} from './define-mutation';
