/** The THROTTLED refusal: an operation's estimate that the caller's budget does not hold (queries and subscriptions alike). */
import { GraphQLError } from 'graphql';
import { type GraphErrorCode } from '../shared/error-codes.js';
import { round, secondsUntilAvailable, type ThrottleStatus } from '../upstream/index.js';

/** The THROTTLED refusal in the request's language; `seconds` undefined when the budget can never hold the estimate. */
function throttledMessage(locale: string | undefined, estimated: number, status: ThrottleStatus, seconds: number | undefined): string {
  if (locale === 'pt-BR') {
    return seconds === undefined
      ? `Esta operação pode custar ${estimated} chamadas ao parceiro, mais do que seu orçamento de ${status.maximumAvailable} comporta; peça menos em uma operação.`
      : `Esta operação pode custar ${estimated} chamadas ao parceiro e seu orçamento tem ${round(status.currentlyAvailable)}; tente de novo em ${seconds} s.`;
  }
  return seconds === undefined
    ? `This operation may cost ${estimated} partner calls, more than your budget of ${status.maximumAvailable} can ever hold; ask for less in one operation.`
    : `This operation may cost ${estimated} partner calls and your budget holds ${round(status.currentlyAvailable)}; retry in ${seconds} s.`;
}

/** The THROTTLED refusal of an operation estimated at `estimated` calls that `status` does not hold (queries and subscriptions alike). */
export function throttledError(locale: string | undefined, estimated: number, status: ThrottleStatus): GraphQLError {
  const seconds = secondsUntilAvailable(status, estimated);
  const never = !Number.isFinite(seconds);
  return new GraphQLError(throttledMessage(locale, estimated, status, never ? undefined : Math.ceil(seconds)), {
    extensions: {
      code: 'THROTTLED' satisfies GraphErrorCode,
      ...(never ? {} : { retryAfterSeconds: Math.ceil(seconds) }),
      // Apollo Server reads http.headers as a Map; typed loosely because another GraphQL server's
      // types (graphql-yoga, under the Hive Gateway test) declare them a plain record.
      http: { status: 429, ...(never ? {} : { headers: new Map([['retry-after', String(Math.ceil(seconds))]]) }) } as Record<string, unknown>,
    },
  });
}
