import { type OperationRecord } from '../../ledger/index.js';
import {
  type BoletoRegistro,
  consultarBoletos,
  type GerarMultiplosBoletosRequest,
  type GerarUnicoBoletoRequest,
  type Parametro,
  UpstreamEnvelopeError,
} from '../../upstream/index.js';
import { AmbiguousProbeError, cents, dayOf, type PartnerReads, possibleTwins, type ProbeFamily } from '../runtime/in-doubt.js';
import { parseInstallmentList } from './boleto.mapper.js';

/** The boleto writes: a boleto of one may look like a boleto of the other. */
const BOLETO_OPERATIONS = ['GerarMultiplosBoletos', 'GerarUnicoBoleto'] as const;

/** One boleto as the write asked for it: what a listed boleto must show to be this one. */
export interface BoletoMatch {
  /** The installments it covers (sorted). */
  installments: number[];
  /** UTC day of `dtVencimento` when sent. */
  dueOn: string | null;
  /** `vlrBoleto` when sent and not zero (GerarUnicoBoleto). */
  amountCents: number | null;
  description: string | null;
}

/** What a boleto write records for in-doubt resolution. */
export interface BoletoProbeData {
  proposalId: string;
  boletos: BoletoMatch[];
  /** Numbers of every boleto of the proposal (cancelled ones too) just before the last send; absent while never sent. */
  before?: number[];
}

const sorted = (numbers: readonly number[]): number[] => [...numbers].sort((x, y) => x - y);

function boletoMatches(boleto: BoletoRegistro, wanted: BoletoMatch): boolean {
  const covers = sorted(parseInstallmentList(boleto.parcelas));
  return (
    covers.length === wanted.installments.length &&
    covers.every((n, i) => n === wanted.installments[i]) &&
    (wanted.dueOn === null || dayOf(boleto.dtVencimento) === wanted.dueOn) &&
    (wanted.amountCents === null || cents(boleto.valorBoleto) === wanted.amountCents) &&
    (wanted.description === null || boleto.descricao === wanted.description)
  );
}

function couldBeMistaken(ours: BoletoMatch, theirs: BoletoMatch): boolean {
  return (
    ours.installments.length === theirs.installments.length &&
    ours.installments.every((n, i) => n === theirs.installments[i]) &&
    (ours.dueOn === null || theirs.dueOn === null || ours.dueOn === theirs.dueOn) &&
    (ours.amountCents === null || theirs.amountCents === null || ours.amountCents === theirs.amountCents) &&
    (ours.description === null || theirs.description === null || ours.description === theirs.description)
  );
}

async function listBoletos(partner: PartnerReads, proposalId: string): Promise<BoletoRegistro[]> {
  const answer = await consultarBoletos(
    partner.upstream,
    { dto: { codigoProposta: proposalId }, dtoConsultaBoletos: { trazerBoletosCancelados: true } },
    partner.caller === undefined ? {} : { caller: partner.caller },
  );
  return answer.boletos ?? [];
}

/**
 * Boleto generation (GerarMultiplosBoletos, GerarUnicoBoleto) is found in the boleto list
 * (ConsultarBoletos, cancelled ones included, since a later boleto cancels an earlier one): before
 * each send the write records the numbers already there; afterwards a new boleto covering exactly
 * the requested installments (with the due day, amount to the cent and description when sent) is
 * this write's, one per installment for GerarMultiplosBoletos, unless another write through the
 * graph that could have made the same boleto may have landed meanwhile (then it stays in doubt).
 * The found outcome carries the write's `parametros` (numeroBoleto, linhaDigitavel, pixCopiaECola).
 */
export const boletoProbe: ProbeFamily = {
  describe(request): BoletoProbeData {
    const single = request as GerarUnicoBoletoRequest;
    if (single.dtoGerarUnicoBoleto !== undefined) {
      const options = single.dtoGerarUnicoBoleto;
      const amount = cents(options.vlrBoleto);
      return {
        proposalId: single.dto?.codigoProposta ?? '',
        boletos: [
          {
            installments: sorted(single.dto?.nroParcelas ?? []),
            dueOn: dayOf(options.dtVencimento),
            amountCents: amount === 0 ? null : amount,
            description: options.descricaoBoleto || null,
          },
        ],
      };
    }
    const multiple = request as GerarMultiplosBoletosRequest;
    const options = multiple.dtoGerarMultiplosBoletos;
    return {
      proposalId: multiple.dto?.codigoProposta ?? '',
      boletos: (options?.parcelas ?? []).map((item) => ({
        installments: item.nroParcela === undefined ? [] : [item.nroParcela],
        dueOn: dayOf(item.dtVencimento),
        amountCents: null,
        description: options?.descricaoBoleto || null,
      })),
    };
  },

  async prepare(partner, described): Promise<BoletoProbeData> {
    const data = described as BoletoProbeData;
    try {
      return { ...data, before: (await listBoletos(partner, data.proposalId)).map((b) => b.numeroBoleto ?? 0) };
    } catch (error) {
      if (error instanceof UpstreamEnvelopeError) {
        // No agenda: there are no boletos, and the write will be refused too.
        return { ...data, before: [] };
      }
      throw error;
    }
  },

  async probe(partner, record: OperationRecord) {
    const data = record.probe as BoletoProbeData;
    if (data.before === undefined) {
      // The "before" read is recorded ahead of every send: without it the write never left.
      return { found: false };
    }
    const known = new Set(data.before);
    const [listed, twins] = await Promise.all([listBoletos(partner, data.proposalId), possibleTwins(partner.ledger, record, BOLETO_OPERATIONS)]);
    const fresh = listed.filter((b) => !known.has(b.numeroBoleto ?? 0)).sort((x, y) => (x.numeroBoleto ?? 0) - (y.numeroBoleto ?? 0));
    const twinBoletos = twins.flatMap((t) => (t.probe as BoletoProbeData | null)?.boletos ?? []);
    const found = data.boletos.map((wanted) => ({
      matching: fresh.filter((b) => boletoMatches(b, wanted)),
      twins: twinBoletos.filter((t) => couldBeMistaken(wanted, t)).length,
    }));
    if (found.every((f) => f.matching.length === 0)) {
      return { found: false };
    }
    if (!found.every((f) => f.matching.length > f.twins)) {
      throw new AmbiguousProbeError('the boleto list shows boletos another write may have made');
    }
    const parametros: Parametro[] = found.flatMap(({ matching }) => {
      const boleto = matching[matching.length - 1] as BoletoRegistro;
      return [
        { nome: 'numeroBoleto', valor: String(boleto.numeroBoleto ?? '') },
        { nome: 'linhaDigitavel', valor: boleto.linhaDigitavel ?? '' },
        ...(boleto.qrCode?.emv ? [{ nome: 'pixCopiaECola', valor: boleto.qrCode.emv }] : []),
      ];
    });
    return { found: true, outcome: { hasError: false, parametros } };
  },
};
