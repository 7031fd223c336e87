import { type Ledger, type OperationRecord, type Probe } from '../../ledger/index.js';
import { consultaProposta, UpstreamNotFoundError, type UpstreamCaller } from '../../upstream/index.js';
import { boletoProbe } from '../boleto/boleto.probe.js';
import { paymentProbe } from '../payment/payment.probe.js';
import { cancellationProbe } from '../proposal/cancellation.probe.js';
import { proposalNumberOf } from '../proposal/proposal.mapper.js';
import { type PartnerReads, type ProbeFamily } from './in-doubt.js';

/** What the create probe needs: the operation code the proposal was sent with. */
export interface CreateProbe {
  operationCode: string;
}

/**
 * Finds a proposal created by an in-doubt IncluirManual: FGTS/ConsultaProposta by the operation
 * code it was sent with (every create carries one: the caller's, or one derived from its key).
 * Its outcome has the shape of IncluirManual's answer, so a replay cannot tell the difference.
 */
const createProbe: ProbeFamily = {
  async probe({ upstream }, record) {
    const { operationCode } = record.probe as CreateProbe;
    try {
      const found = await consultaProposta(upstream, { dto: { CodigoOperacao: operationCode } });
      if (!found.Codigo) {
        return { found: false };
      }
      const number = proposalNumberOf(found);
      return { found: true, outcome: { codigo: found.Codigo, numero: number }, proposalId: found.Codigo, createdProposal: { number, operationCode } };
    } catch (error) {
      if (error instanceof UpstreamNotFoundError) {
        return { found: false };
      }
      throw error;
    }
  },
};

/** The writes a partner read can settle. Guarantors, signers and documents have none (docs/in-doubt.md). */
const FAMILIES: Readonly<Record<string, ProbeFamily>> = {
  IncluirManual: createProbe,
  IncluirLancamentoParcela: paymentProbe,
  IncluirLancamentoMultiplasParcelas: paymentProbe,
  GerarMultiplosBoletos: boletoProbe,
  GerarUnicoBoleto: boletoProbe,
  CancelarProposta: cancellationProbe,
};

/** The probe family of `operation`, if the partner offers a read precise enough. */
export function probeFamily(operation: string): ProbeFamily | undefined {
  return Object.hasOwn(FAMILIES, operation) ? FAMILIES[operation] : undefined;
}

/**
 * The partner read that settles an in-doubt write of `operation`, or undefined when the partner
 * offers none precise enough (the write then stays OUTCOME_UNKNOWN rather than risk a second one).
 */
export function probeFor(operation: string, partner: PartnerReads): Probe | undefined {
  const family = probeFamily(operation);
  return family === undefined ? undefined : record => family.probe(partner, record);
}

/**
 * `probeFor` for a ledger record (the background reconciler's view). A record without probe data
 * was written before its operation had a probe: it stays unknown.
 */
export function probeForRecord(upstream: UpstreamCaller, ledger: Ledger): (record: OperationRecord) => Probe | undefined {
  return record => (record.probe === null ? undefined : probeFor(record.operation, { upstream, ledger }));
}
