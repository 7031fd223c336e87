import { type CallOptions, type OperationName, type ReadSession } from '../../upstream/index.js';
import { type LiveReads } from './event-bus.js';

/** The `codigoProposta` / `CodigoProposta` a read of one proposal names, and whether it asks for part of an agenda. */
function locator(body: object): { id: unknown; partial: boolean; cancelled: boolean } {
  const dto = (body as { dto?: Record<string, unknown> }).dto ?? {};
  const boletos = (body as { dtoConsultaBoletos?: { trazerBoletosCancelados?: boolean; numerosBoletos?: unknown } }).dtoConsultaBoletos;
  return {
    id: dto.CodigoProposta ?? dto.codigoProposta,
    partial: dto.nroParcelas !== undefined || boletos?.numerosBoletos !== undefined,
    cancelled: boletos?.trazerBoletosCancelados === true,
  };
}

/**
 * The session of one subscription event: the reads the watcher made of `proposalId` answer the
 * same reads of the event's selection (no partner call, however many subscribe); any other read
 * goes through `fallback`, the subscriber's own session, as a query's would (its turn, the shared
 * read cache).
 */
export function overlaySession(proposalId: string, reads: LiveReads, fallback: ReadSession): ReadSession {
  const answer = (operation: OperationName, body: object): unknown => {
    const asked = locator(body);
    if (asked.id !== proposalId || asked.partial) {
      return undefined;
    }
    switch (operation) {
      case 'ConsultaProposta':
        return reads.record;
      case 'ConsultarDetalhes':
        return reads.agenda;
      case 'ConsultarBoletos':
        return asked.cancelled || reads.boletos === undefined ? undefined : { boletos: reads.boletos };
      default:
        return undefined;
    }
  };
  return {
    cost: fallback.cost,
    callerId: fallback.callerId,
    invalidateProposal: (id, operation) => fallback.invalidateProposal(id, operation),
    request: <T>(operation: OperationName, body: object, call?: CallOptions): Promise<T> => {
      const held = answer(operation, body);
      if (held !== undefined) {
        fallback.cost.cacheHits += 1;
        return Promise.resolve(held as T);
      }
      return fallback.request<T>(operation, body, call);
    },
  };
}
