import { type OperationRecord, type Probe } from '../../ledger/index.js';
import { consultaProposta, UpstreamNotFoundError, type UpstreamCaller } from '../../upstream/index.js';
import { proposalNumberOf } from '../proposal/proposal.mapper.js';

/** What the create probe needs: the operation code the proposal was sent with. */
export interface CreateProbe {
  operationCode: string;
}

/**
 * Finds a proposal created by an in-doubt IncluirManual: FGTS/ConsultaProposta by the operation
 * code it was sent with (every create carries one: the caller's, or one derived from its key).
 * Its outcome has the shape of IncluirManual's answer, so a replay cannot tell the difference.
 */
function createProbe(upstream: UpstreamCaller): Probe {
  return async (record: OperationRecord) => {
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
  };
}

/**
 * The partner read that settles an in-doubt write of `operation`, or undefined when the partner
 * offers none precise enough (the write then stays OUTCOME_UNKNOWN rather than risk a second one).
 */
export function probeFor(operation: string, upstream: UpstreamCaller): Probe | undefined {
  switch (operation) {
    case 'IncluirManual':
      return createProbe(upstream);
    default:
      return undefined;
  }
}

/** `probeFor` for a ledger record (the background reconciler's view). */
export function probeForRecord(upstream: UpstreamCaller): (record: OperationRecord) => Probe | undefined {
  return record => (record.probe === null ? undefined : probeFor(record.operation, upstream));
}
