/**
 * What the live watchers tell every replica: the partner reads a watcher made (the changed nodes are
 * worked out by each replica from them), a watcher's failure (with the back-off every replica
 * respects), and the graph's own writes. One channel for the deployment: Redis pub/sub with
 * REDIS_URL (server/live-redis.ts), this process's memory otherwise ({@link MemoryLiveBus}).
 */
import { type BoletoRegistro, type ConsultaPropostaResponse, type ConsultarDetalhesResponse } from '../../upstream/index.js';

/** The parts of a proposal a subscription reports changes of. */
export type LivePart = 'SITUATION' | 'SIGNERS' | 'AGENDA' | 'BOLETOS';

/** The partner reads a watcher keeps of one proposal (each the partner's answer, as the read cache holds it). */
export interface LiveReads {
  /** FGTS/ConsultaProposta by CodigoProposta. */
  record?: ConsultaPropostaResponse;
  /** AgendaRecebivel/ConsultarDetalhes (every installment, boletos and ledger entries). */
  agenda?: ConsultarDetalhesResponse;
  /** AgendaRecebivel/ConsultarBoletos without cancelled boletos (its `boletos` list). */
  boletos?: BoletoRegistro[];
}

/** One message on the live channel. `origin` is the replica that sent it. */
export type LiveMessage =
  | {
      kind: 'read';
      origin: string;
      proposalId: string;
      /** The read just made (one of the three), and when (epoch ms). */
      reads: LiveReads;
      fetchedAt: number;
    }
  | {
      kind: 'failure';
      origin: string;
      proposalId: string;
      /** The upstream error code (e.g. UPSTREAM_UNAVAILABLE). */
      code: string;
      /** No replica polls this proposal again before this instant (epoch ms). */
      retryAt: number;
    }
  | {
      kind: 'write';
      origin: string;
      proposalId: string;
      /** The writer (the viewer streams of this caller learn of the proposals it creates). */
      callerId: string;
      parts: LivePart[];
      created: boolean;
    };

/**
 * The channel between replicas. Delivery is at most once; the next poll (or a resubscription) makes
 * up for a lost message. A replica delivers its own messages to its own subscribers itself (so a
 * Redis outage costs only the other replicas' copies) and drops them when the channel echoes them.
 */
export interface LiveBus {
  /** Sends to every subscribed handler. May reject (the hub logs it and goes on). */
  publish(message: LiveMessage): Promise<void>;
  /** Adds a handler (one per hub); returns its removal. */
  subscribe(handler: (message: LiveMessage) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** The channel inside one process (the default; tests share one between two hubs). */
export class MemoryLiveBus implements LiveBus {
  private readonly handlers = new Set<(message: LiveMessage) => void>();

  async publish(message: LiveMessage): Promise<void> {
    for (const handler of this.handlers) {
      queueMicrotask(() => handler(message));
    }
  }

  async subscribe(handler: (message: LiveMessage) => void): Promise<() => void> {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
