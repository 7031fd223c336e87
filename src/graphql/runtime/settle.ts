import { UpstreamNotFoundError } from '../../upstream/index.js';
import { toGraphQLError } from './errors.js';

/** Resolves a read to its value, `null` when the upstream does not know the record, or the mapped error. */
export async function settle<T>(read: Promise<T>): Promise<T | null | Error> {
  try {
    return await read;
  } catch (error) {
    return error instanceof UpstreamNotFoundError ? null : toGraphQLError(error);
  }
}

/** Hands a settled value on to a waiting load: the error is thrown again, anything else resolves. */
export function rethrow<T>(value: T | null | Error): Promise<T | null> {
  return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
}
