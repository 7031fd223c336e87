import { Decimal } from 'decimal.js';
import { type OperationRecord } from '../../ledger/index.js';
import {
  type AgendaLancamento,
  consultarDetalhes,
  type ConsultarDetalhesResponse,
  type DtoLancamentoParcela,
  type Parametro,
  UpstreamEnvelopeError,
} from '../../upstream/index.js';
import { AmbiguousProbeError, cents, dayOf, type PartnerReads, possibleTwins, type ProbeFamily } from '../runtime/in-doubt.js';

/** The payment writes: an entry of one of them may be an entry of the other. */
const PAYMENT_OPERATIONS = ['IncluirLancamentoParcela', 'IncluirLancamentoMultiplasParcelas'] as const;

/** One payment entry as the write sent it: what an agenda entry must show to be this one. */
export interface PaymentMatch {
  installment: number;
  amountCents: number;
  discountCents: number;
  /** UTC day of `dtPagamento` when sent (the partner posts "today" otherwise). */
  paidOn: string | null;
  description: string | null;
}

/** What a payment write records for in-doubt resolution. */
export interface PaymentProbeData {
  proposalId: string;
  payments: PaymentMatch[];
  /** Entries of each installment (by number) just before the last send; absent while never sent. */
  before?: Record<string, number>;
}

type PaymentItem = DtoLancamentoParcela & { nroParcela?: number };

interface PaymentRequest {
  dto?: { codigoProposta?: string; nroParcela?: number };
  dtoLancamentoParcela?: DtoLancamentoParcela;
  dtoLancamentoParcelas?: PaymentItem[];
}

function matchOf(item: PaymentItem, installment: number | undefined): PaymentMatch {
  return {
    installment: installment ?? 0,
    amountCents: cents(item.vlrPagamento) ?? 0,
    discountCents: cents(item.vlrDesconto) ?? 0,
    paidOn: dayOf(item.dtPagamento),
    description: item.descricaoLancamento ?? null,
  };
}

/** Whether an agenda entry can be the entry `payment` posted. */
function entryMatches(entry: AgendaLancamento, payment: PaymentMatch): boolean {
  return (
    cents(entry.vlrPagamento) === payment.amountCents &&
    (cents(entry.vlrDesconto) ?? 0) === payment.discountCents &&
    (payment.paidOn === null || dayOf(entry.dtLancamento) === payment.paidOn) &&
    (payment.description === null || entry.descLancamento === payment.description)
  );
}

/** Whether two sent payments could leave entries the other's probe would take for its own (conservative). */
function couldBeMistaken(ours: PaymentMatch, theirs: PaymentMatch): boolean {
  return (
    ours.installment === theirs.installment &&
    ours.amountCents === theirs.amountCents &&
    ours.discountCents === theirs.discountCents &&
    (ours.paidOn === null || theirs.paidOn === null || ours.paidOn === theirs.paidOn) &&
    (ours.description === null || theirs.description === null || ours.description === theirs.description)
  );
}

async function readEntries(partner: PartnerReads, data: PaymentProbeData): Promise<ConsultarDetalhesResponse> {
  return consultarDetalhes(
    partner.upstream,
    {
      dto: { codigoProposta: data.proposalId, nroParcelas: [...new Set(data.payments.map((p) => p.installment))] },
      dtoConsultaDetalhes: { trazerBoleto: false, trazerAgendaDetalhada: true },
    },
    partner.caller === undefined ? {} : { caller: partner.caller },
  );
}

function entriesOf(detail: ConsultarDetalhesResponse, installment: number): AgendaLancamento[] {
  return detail.parcelas?.find((p) => p.nroParcela === installment)?.lancamentos ?? [];
}

/**
 * Payments (IncluirLancamentoParcela, IncluirLancamentoMultiplasParcelas) are found in the agenda's
 * entries (ConsultarDetalhes with trazerAgendaDetalhada): before each send the write records how
 * many entries each installment had; afterwards an entry past those with the amount and discount
 * to the cent (and the payment day and description when sent) is this write's, unless another
 * write through the graph that could have posted the same entry may have landed meanwhile (then
 * the write stays in doubt). The found outcome carries the write's `parametros` rebuilt from the
 * entry (nroParcela, vlrSaldoParcela after it, situacaoParcela, situacaoAgenda).
 */
export const paymentProbe: ProbeFamily = {
  describe(request): PaymentProbeData {
    const body = request as PaymentRequest;
    const payments =
      body.dtoLancamentoParcelas !== undefined
        ? body.dtoLancamentoParcelas.map((item) => matchOf(item, item.nroParcela))
        : [matchOf(body.dtoLancamentoParcela ?? {}, body.dto?.nroParcela)];
    return { proposalId: body.dto?.codigoProposta ?? '', payments };
  },

  async prepare(partner, described): Promise<PaymentProbeData> {
    const data = described as PaymentProbeData;
    let detail: ConsultarDetalhesResponse;
    try {
      detail = await readEntries(partner, data);
    } catch (error) {
      if (error instanceof UpstreamEnvelopeError) {
        // No agenda (or no such installment): there are no entries, and the write will be refused too.
        return { ...data, before: {} };
      }
      throw error;
    }
    const before: Record<string, number> = {};
    for (const payment of data.payments) {
      before[String(payment.installment)] = entriesOf(detail, payment.installment).length;
    }
    return { ...data, before };
  },

  async probe(partner, record: OperationRecord) {
    const data = record.probe as PaymentProbeData;
    if (data.before === undefined) {
      // The "before" read is recorded ahead of every send: without it the write never left.
      return { found: false };
    }
    const before = data.before;
    const [detail, twins] = await Promise.all([readEntries(partner, data), possibleTwins(partner.ledger, record, PAYMENT_OPERATIONS)]);
    const twinPayments = twins.flatMap((t) => (t.probe as PaymentProbeData | null)?.payments ?? []);
    const found = data.payments.map((payment) => {
      const fresh = entriesOf(detail, payment.installment)
        .slice(before[String(payment.installment)] ?? 0)
        .filter((entry) => entryMatches(entry, payment));
      return { payment, fresh, twins: twinPayments.filter((t) => couldBeMistaken(payment, t)).length };
    });
    if (found.every((f) => f.fresh.length === 0)) {
      return { found: false };
    }
    if (!found.every((f) => f.fresh.length > f.twins)) {
      throw new AmbiguousProbeError('the agenda shows entries another write may have posted');
    }
    const parametros: Parametro[] = found.flatMap(({ payment, fresh }) => {
      const entry = fresh[fresh.length - 1] as AgendaLancamento;
      const installment = detail.parcelas?.find((p) => p.nroParcela === payment.installment);
      return [
        { nome: 'nroParcela', valor: String(payment.installment) },
        { nome: 'vlrSaldoParcela', valor: new Decimal(entry.vlrSaldoParcela ?? 0).toFixed(2) },
        { nome: 'situacaoParcela', valor: String(installment?.situacao ?? '') },
      ];
    });
    parametros.push({ nome: 'situacaoAgenda', valor: String(detail.situacaoAgenda ?? '') });
    return { found: true, outcome: { hasError: false, parametros } };
  },
};
