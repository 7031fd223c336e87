/**
 * What the graph told of one proposal's facts that only move forward (situation, signatures,
 * boletos, ledger entries, total paid), read back from its answers: each later answer is checked
 * against the newest told so far, and every one older is counted as a regression.
 */
import { situationRank } from '../../src/upstream/reads/monotonic.js';
import { type GraphResponse } from './graph.js';

const BOLETO_FIELDS = 'number cancelledAt creditedAt paidAmount';
/** The proposal record's situation (ConsultaProposta). */
const SITUATION = 'query($id: ID!) { proposal(id: $id) { id situationCode } }';
/** The signers alone: the ledger, no partner read. */
const SIGNERS = 'query($id: ID!) { proposal(id: $id) { id signers { id status } } }';
const OPEN_BOLETOS = `query($id: ID!) { proposal(id: $id) { id open: boletos(includeCancelled: false) { ${BOLETO_FIELDS} } } }`;
const ALL_BOLETOS = `query($id: ID!) { proposal(id: $id) { id all: boletos(includeCancelled: true) { ${BOLETO_FIELDS} } } }`;
/** The installments' ledger entries and the total paid (ConsultarParcelas and the detailed agenda). */
const ENTRIES = 'query($id: ID!) { proposal(id: $id) { id installments { number entries { postedAt } } agenda { totalPaid } } }';
/** The agenda's total paid, with the situation and signers folded into the same read. */
const AGENDA = 'query($id: ID!) { proposal(id: $id) { id situationCode signers { id status } agenda { totalPaid } } }';

/** Read before the changes, so the readers' caches hold their answers (the first two before disbursement). */
export const WARM_QUERIES = [SITUATION, SIGNERS, OPEN_BOLETOS, ENTRIES];
/** Read first after the changes (keys nobody cached): they tell the new state. */
export const TELLING_QUERIES = [ALL_BOLETOS, AGENDA];
/** The interleaved reads. */
export const FACT_QUERIES = [SITUATION, SIGNERS, OPEN_BOLETOS, ALL_BOLETOS, ENTRIES, AGENDA];

interface BoletoAnswer {
  number: number;
  cancelledAt: string | null;
  creditedAt: string | null;
  paidAmount: string | null;
}

interface ProposalAnswer {
  situationCode?: number;
  signers?: Array<{ id: string; status: string }>;
  open?: BoletoAnswer[];
  all?: BoletoAnswer[];
  installments?: Array<{ entries: unknown[] }>;
  agenda?: { totalPaid: string | null } | null;
}

type Kind = 'situation' | 'signers' | 'boletos' | 'entries' | 'payments';

const boletoStatus = (b: BoletoAnswer): number => (b.cancelledAt !== null ? 3 : b.creditedAt !== null || Number(b.paidAmount ?? 0) > 0 ? 2 : 1);
const level = (status: number): number => Math.min(status, 2);

/** The newest of each fact told so far, and the answers that told an older one. */
export class FactsTold {
  situation = -1;
  readonly signers = new Map<string, number>();
  readonly boletos = new Map<number, number>();
  entries = 0;
  totalPaid = 0;
  readonly regressions: string[] = [];

  constructor(private readonly proposalId: string) {}

  observe(label: string, answer: GraphResponse<Record<string, unknown>>): void {
    expect(answer.errors).toBeUndefined();
    const p = (answer.data as { proposal: ProposalAnswer }).proposal;
    const older = new Set<Kind>();
    if (typeof p.situationCode === 'number') {
      const rank = situationRank(p.situationCode) ?? -1;
      if (rank < this.situation) {
        older.add('situation');
      }
      this.situation = Math.max(this.situation, rank);
    }
    for (const s of p.signers ?? []) {
      const status = s.status === 'SIGNED' ? 2 : 1;
      if (status < (this.signers.get(s.id) ?? 0)) {
        older.add('signers');
      }
      this.signers.set(s.id, Math.max(status, this.signers.get(s.id) ?? 0));
    }
    for (const [list, withCancelled] of [
      [p.open, false],
      [p.all, true],
    ] as const) {
      if (list !== undefined && this.boletosOlder(list, withCancelled)) {
        older.add('boletos');
      }
    }
    if (p.installments !== undefined) {
      const count = p.installments.reduce((sum, i) => sum + i.entries.length, 0);
      if (count < this.entries) {
        older.add('entries');
      }
      this.entries = Math.max(this.entries, count);
    }
    if (p.agenda?.totalPaid != null) {
      const paid = Number(p.agenda.totalPaid);
      if (paid < this.totalPaid) {
        older.add('payments');
      }
      this.totalPaid = Math.max(this.totalPaid, paid);
    }
    for (const kind of older) {
      this.regressions.push(`${label}: ${kind}`);
    }
  }

  /** Regressions by kind. */
  regressionCounts(): Partial<Record<Kind, number>> {
    const counts: Partial<Record<Kind, number>> = {};
    for (const r of this.regressions) {
      const kind = r.slice(r.indexOf(': ') + 2) as Kind;
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    return counts;
  }

  /** The telling reads told the state after the changes: disbursed, signed, paid, the first boleto cancelled. */
  expectNewState(): void {
    expect({
      id: this.proposalId.length > 0,
      situation: this.situation,
      signers: [...this.signers.values()],
      boletos: [...this.boletos.values()],
      paid: this.totalPaid,
    }).toEqual({
      id: true,
      situation: situationRank(9),
      signers: [2],
      boletos: [3, 1],
      paid: 10,
    });
    expect(this.regressions).toEqual([]);
  }

  private boletosOlder(list: BoletoAnswer[], withCancelled: boolean): boolean {
    let older = false;
    const shown = new Set(list.map((b) => b.number));
    for (const [number, told] of this.boletos) {
      if (!shown.has(number) && (withCancelled || told < 3)) {
        older = true;
      }
    }
    for (const b of list) {
      const status = boletoStatus(b);
      const told = this.boletos.get(b.number) ?? 0;
      older ||= level(status) < level(told);
      this.boletos.set(b.number, Math.max(status, told));
    }
    return older;
  }
}
