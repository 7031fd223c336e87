import { type AgendaBoleto as UpstreamAgendaBoleto, type BoletoRegistro, type ConsultarDetalhesResponse, fetchedAtOf } from '../../upstream/index.js';
import { AnswerMemo } from '../common/answer-memo.js';
import { type GraphContext } from '../runtime/context.js';
import { type BoletoNeeds } from '../runtime/needs.js';
import { mergeBoleto } from './boleto.mapper.js';
import { type Boleto } from './boleto.type.js';

/** A boleto item of the agenda with the installment it was listed under. */
export interface AgendaBoletoItem {
  item: UpstreamAgendaBoleto;
  installment: number;
}

/** Every boleto of an agenda answer by number (the first listing of each), with its installment. */
export function agendaBoletosByNumber(detail: ConsultarDetalhesResponse | null): Map<number, AgendaBoletoItem> {
  const byNumber = new Map<number, AgendaBoletoItem>();
  for (const parcela of detail?.parcelas ?? []) {
    for (const item of parcela.boletos ?? []) {
      if (typeof item.numeroBoleto === 'number' && typeof parcela.nroParcela === 'number' && !byNumber.has(item.numeroBoleto)) {
        byNumber.set(item.numeroBoleto, { item, installment: parcela.nroParcela });
      }
    }
  }
  return byNumber;
}

/** ConsultarBoletos records by number, with the time of their read. */
export function recordsByNumber(records: readonly BoletoRegistro[] | null): { byNumber: Map<number, BoletoRegistro>; fetchedAt: Date | null } {
  const byNumber = new Map<number, BoletoRegistro>();
  for (const record of records ?? []) {
    if (typeof record.numeroBoleto === 'number' && !byNumber.has(record.numeroBoleto)) {
      byNumber.set(record.numeroBoleto, record);
    }
  }
  return { byNumber, fetchedAt: fetchedAtOf(records) ?? null };
}

/**
 * The boletos of a proposal from ConsultarBoletos (`includeCancelled`), completed with the agenda's
 * bank-registration fields when `needs.agenda` (one ConsultarDetalhes with its boletos, in parallel),
 * by number; only `numbers` when given.
 */
export async function loadBoletos(
  ctx: GraphContext,
  proposalId: string,
  includeCancelled: boolean,
  needs: BoletoNeeds,
  numbers?: ReadonlySet<number>,
): Promise<Boleto[]> {
  const recordsRead = ctx.loaders.boletosByProposal.load({ proposalId, includeCancelled });
  const agendaRead = needs.agenda ? ctx.loaders.agendaByProposal.load(proposalId, { boletos: true }) : undefined;
  agendaRead?.catch(() => undefined);
  const items = await recordsRead;
  const detail = agendaRead ? await agendaRead : null;
  const fetchedAt = fetchedAtOf(items) ?? null;
  if (items === null) {
    return mergeBoletos(proposalId, null, detail, fetchedAt, numbers);
  }
  const key = `${proposalId}|${fetchedAt === null ? '' : fetchedAt.getTime()}|${numbers === undefined ? '*' : [...numbers].join(',')}`;
  return merged.get(items, detail ?? undefined, key, () => Object.freeze(mergeBoletos(proposalId, items, detail, fetchedAt, numbers))) as Boleto[];
}

/** Boletos merged from the same cached answers (read cache hits), by answer: built once, not per request. */
const merged = new AnswerMemo<readonly Boleto[]>();

function mergeBoletos(
  proposalId: string,
  items: readonly BoletoRegistro[] | null,
  detail: ConsultarDetalhesResponse | null,
  fetchedAt: Date | null,
  numbers: ReadonlySet<number> | undefined,
): Boleto[] {
  const inAgenda = agendaBoletosByNumber(detail);
  return (items ?? [])
    .filter((item) => numbers === undefined || numbers.has(item.numeroBoleto ?? 0))
    .map((item) => {
      const number = item.numeroBoleto ?? 0;
      const agenda = inAgenda.get(number);
      return mergeBoleto(proposalId, number, item, agenda?.item, fetchedAt, agenda?.installment);
    })
    .sort((a, b) => a.number - b.number);
}
