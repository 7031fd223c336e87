import { consultaProposta, UpstreamNotFoundError } from '../../upstream/index.js';
import { type ProbeFamily } from '../runtime/in-doubt.js';
import { proposalNumberOf } from './proposal.mapper.js';

/** What the create probe needs: the operation code the proposal was sent with. */
export interface CreateProbe {
  operationCode: string;
}

/**
 * Finds a proposal created by an in-doubt IncluirManual: FGTS/ConsultaProposta by the operation
 * code it was sent with (every create carries one: the caller's, or one derived from its key).
 * Its outcome has the shape of IncluirManual's answer, so a replay cannot tell the difference.
 */
export const createProbe: ProbeFamily = {
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
