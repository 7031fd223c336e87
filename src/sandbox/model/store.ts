import { fail } from '../envelope.js';
import { type Proposal } from './types.js';

/** The proposal locator as requests carry it (any subset; camelCase or the /FGTS/ PascalCase). */
export interface Locator {
  codigoProposta?: unknown;
  codigoOperacao?: unknown;
  numeroProposta?: unknown;
}

/** In-memory state of the sandbox. One instance per sandbox; `reset()` empties it. */
export class SandboxStore {
  readonly proposals = new Map<string, Proposal>();
  /** Proposals created with a pending credit analysis (kept apart so concluding them is not a scan of every proposal). */
  readonly underAnalysis = new Set<Proposal>();

  reset(): void {
    this.proposals.clear();
    this.underAnalysis.clear();
  }

  add(proposal: Proposal): void {
    this.proposals.set(proposal.id, proposal);
    if (proposal.analysis) {
      this.underAnalysis.add(proposal);
    }
  }

  /** Finds a proposal by any locator member, without ownership checks. */
  find(locator: Locator): Proposal | undefined {
    const id = typeof locator.codigoProposta === 'string' ? locator.codigoProposta.trim().toLowerCase() : undefined;
    if (id) {
      return this.proposals.get(id);
    }
    const number = typeof locator.numeroProposta === 'number' ? locator.numeroProposta : undefined;
    const operation = typeof locator.codigoOperacao === 'string' && locator.codigoOperacao !== '' ? locator.codigoOperacao : undefined;
    for (const p of this.proposals.values()) {
      if ((number !== undefined && p.number === number) || (operation !== undefined && p.operationCode === operation)) {
        return p;
      }
    }
    return undefined;
  }

  /**
   * Finds a proposal the calling client owns, or fails with C0112/V0001 (unknown) or
   * C0112/V0002 (owned by another integration).
   */
  require(locator: Locator | undefined, clientId: string): Proposal {
    const proposal = locator ? this.find(locator) : undefined;
    if (!proposal) {
      fail('C0112', 'V0001', 'Proposta não encontrada.', 'codigoProposta');
    }
    if (proposal.ownerClientId !== clientId) {
      fail('C0112', 'V0002', 'Proposta não pertence a esta integração.', 'codigoProposta');
    }
    return proposal;
  }
}
