import { type OperationRecord } from '../../ledger/index.js';
import { type CancelamentoFGTS, type CancelarPropostaRequest, consultaProposta, UpstreamEnvelopeError } from '../../upstream/index.js';
import { AmbiguousProbeError, type PartnerReads, possibleTwins, type ProbeFamily } from '../runtime/in-doubt.js';

/** What an FGTS cancellation records for in-doubt resolution. */
export interface CancellationProbeData {
  proposalId: string;
  /** Cancellation events of the proposal just before the last send; absent while never sent. */
  before?: number;
}

async function eventsOf(partner: PartnerReads, proposalId: string): Promise<CancelamentoFGTS[]> {
  const found = await consultaProposta(
    partner.upstream,
    { dto: { CodigoProposta: proposalId } },
    partner.caller === undefined ? {} : { caller: partner.caller },
  );
  return found.CancelamentoFGTS ?? [];
}

/**
 * FGTS cancellation (CancelarProposta) is found in the proposal's cancellation events
 * (FGTS/ConsultaProposta, CancelamentoFGTS): before each send the write records how many there
 * were; a new one afterwards is this write's (a proposal is cancelled once: a second cancellation
 * is refused with message 27), unless another cancellation through the graph may have landed
 * meanwhile. The found outcome is CancelarProposta's answer: `Boleto`, the event's digitable line
 * of the money-return boleto (null when nothing was disbursed).
 */
export const cancellationProbe: ProbeFamily = {
  describe(request): CancellationProbeData {
    return { proposalId: (request as CancelarPropostaRequest).CodigoProposta ?? '' };
  },

  async prepare(partner, described): Promise<CancellationProbeData> {
    const data = described as CancellationProbeData;
    try {
      return { ...data, before: (await eventsOf(partner, data.proposalId)).length };
    } catch (error) {
      if (error instanceof UpstreamEnvelopeError) {
        // The partner does not know the proposal: no events, and the cancellation will be refused too.
        return { ...data, before: 0 };
      }
      throw error;
    }
  },

  async probe(partner, record: OperationRecord) {
    const data = record.probe as CancellationProbeData;
    if (data.before === undefined) {
      // The "before" read is recorded ahead of every send: without it the write never left.
      return { found: false };
    }
    const [events, twins] = await Promise.all([eventsOf(partner, data.proposalId), possibleTwins(partner.ledger, record, ['CancelarProposta'])]);
    const fresh = events.slice(data.before);
    if (fresh.length === 0) {
      return { found: false };
    }
    if (fresh.length <= twins.length) {
      throw new AmbiguousProbeError('the proposal shows a cancellation another write may have made');
    }
    const event = fresh[fresh.length - 1] as CancelamentoFGTS;
    return { found: true, outcome: { HasError: false, Boleto: event.NumLinhaDigitavel ?? null } };
  },
};
