/**
 * Live updates over GraphQL over SSE (graphql-sse, distinct connections: a POST with
 * `Accept: text/event-stream` to the same /graphql, with the same Authorization header as queries).
 * Each event carries the proposal in the same `Proposal` type as queries, so Apollo's normalized
 * cache updates every page showing it: the detail page's situation moves from under review to
 * approved with no reload and no refetch.
 */
import { ApolloLink, Observable } from '@apollo/client';
import { useSubscription } from '@apollo/client/react';
import { print } from 'graphql';
import { createClient } from 'graphql-sse';
import { useState } from 'react';
import { graphql } from './gql';

export const PROPOSAL_CHANGED = graphql(`
  subscription ProposalChanged($id: ID!) {
    proposalChanged(id: $id) {
      proposalId
      changed
      initial
      proposal {
        id
        situation
        situationCode
        rejectionReason
      }
    }
  }
`);

export const VIEWER_PROPOSAL_EVENTS = graphql(`
  subscription ViewerProposalEvents {
    viewerProposalEvents {
      proposalId
      changed
      initial
      proposal {
        id
        situation
        situationCode
        rejectionReason
      }
    }
  }
`);

/** Where the subscription stands, for the page's badge. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'unavailable';

/** What a subscribing page passes in the operation's context to follow its connection. */
interface LiveContext {
  onLiveStatus?: (status: LiveStatus) => void;
}

/** An Apollo link sending subscriptions over graphql-sse to `url` with `authorization()`'s header. */
export function createLiveLink(url: string, authorization: () => string | undefined): ApolloLink {
  const client = createClient({
    url: new URL(url, window.location.href).toString(),
    headers: (): Record<string, string> => {
      const value = authorization();
      return value === undefined ? {} : { authorization: value };
    },
  });
  return new ApolloLink((operation) => {
    const { onLiveStatus } = operation.getContext() as LiveContext;
    return new Observable((observer) =>
      client.subscribe(
        { query: print(operation.query), variables: operation.variables, ...(operation.operationName ? { operationName: operation.operationName } : {}) },
        {
          next: (result) => observer.next(result as ApolloLink.Result),
          error: (error: unknown) => {
            onLiveStatus?.('unavailable');
            observer.error(error);
          },
          complete: () => observer.complete(),
        },
        {
          connecting: (reconnecting) => onLiveStatus?.(reconnecting ? 'reconnecting' : 'connecting'),
          connected: () => onLiveStatus?.('live'),
        },
      ),
    );
  });
}

/**
 * Watches proposal `id` while the page shows it: each event is written to the cache (the
 * proposal's situation, by its id), which re-renders whatever shows it. Returns the badge's status.
 */
export function useProposalLive(id: string): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const { error } = useSubscription(PROPOSAL_CHANGED, {
    variables: { id },
    context: { onLiveStatus: setStatus } satisfies LiveContext,
    onData: () => setStatus('live'),
  });
  return error === undefined ? status : 'unavailable';
}

/**
 * Watches every proposal of the caller while the list shows them: each event is written to the
 * cache by the proposal's id, so the list's row moves from under review to approved with no reload
 * and no refetch. Returns the badge's status.
 */
export function useViewerProposalsLive(): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const { error } = useSubscription(VIEWER_PROPOSAL_EVENTS, {
    context: { onLiveStatus: setStatus } satisfies LiveContext,
    onData: () => setStatus('live'),
  });
  return error === undefined ? status : 'unavailable';
}
