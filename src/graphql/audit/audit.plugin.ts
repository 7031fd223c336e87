import { type ApolloServerPlugin } from '@apollo/server';
import { type GraphContext } from '../runtime/context.js';

/**
 * Hands each request's access record to the recorder just before its answer is sent (the recorder
 * journals it before returning, with no database round trip), so a disclosure is never answered
 * without its record on disk. An answer that disclosed nothing costs one check.
 */
export function auditPlugin(): ApolloServerPlugin<GraphContext> {
  const listener = {
    async willSendResponse({ contextValue }: { contextValue: GraphContext }): Promise<void> {
      contextValue.audit.commit();
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
  };
}
