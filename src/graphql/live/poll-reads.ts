/**
 * What a watch reads of the partner and what a write changes: the poll's one read (the proposal
 * record, its agenda or its boletos, in turn), the fingerprints that tell a change, and the parts a
 * write of each operation changes.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/canonical-json.js';
import {
  type BoletoRegistro,
  type CallOptions,
  consultaProposta,
  consultarBoletos,
  consultarDetalhes,
  isNoAgenda,
  type UpstreamCaller,
} from '../../upstream/index.js';
import { type LivePart, type LiveReads } from './event-bus.js';

/** Which partner read a watch's next poll makes. */
export type NextRead = 'record' | 'agenda' | 'boletos';

/**
 * The poll's one partner read of proposal `id`: `next` as planned, or the proposal record when the
 * agenda is gone (the answer says which read to plan next).
 */
export async function readNext(poller: UpstreamCaller, id: string, next: NextRead, call: CallOptions): Promise<{ reads: LiveReads; nextRead: NextRead }> {
  const watch = { nextRead: next };
  let reads: LiveReads;
  switch (watch.nextRead) {
    case 'record':
      reads = { record: await consultaProposta(poller, { dto: { CodigoProposta: id } }, call) };
      break;
    case 'agenda':
      try {
        reads = {
          agenda: await consultarDetalhes(
            poller,
            { dto: { codigoProposta: id }, dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true } },
            call,
          ),
        };
      } catch (error) {
        if (!isNoAgenda(error)) {
          throw error;
        }
        // No agenda (any more): back to the proposal record.
        watch.nextRead = 'record';
        reads = { record: await consultaProposta(poller, { dto: { CodigoProposta: id } }, call) };
      }
      break;
    case 'boletos': {
      const answer = await consultarBoletos(poller, { dto: { codigoProposta: id }, dtoConsultaBoletos: { trazerBoletosCancelados: false } }, call).catch(
        (error: unknown) => (isNoAgenda(error) ? { boletos: [] as BoletoRegistro[] } : Promise.reject(error)),
      );
      reads = { boletos: answer.boletos ?? [] };
      break;
    }
  }
  return { reads, nextRead: watch.nextRead };
}

/** A stable digest of a part of the reads (a change is a new digest). */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url');
}

/** The parts a write of each operation changes (what its subscribers are told at once). */
export function partsWritten(operation: string): LivePart[] {
  if (/Assinatura|Signat/i.test(operation)) {
    return ['SIGNERS', 'SITUATION'];
  }
  if (/Boleto|Pix/i.test(operation)) {
    return ['BOLETOS', 'AGENDA'];
  }
  if (/Pagamento|Lancamento|Liquid/i.test(operation)) {
    return ['AGENDA'];
  }
  return ['SITUATION'];
}
