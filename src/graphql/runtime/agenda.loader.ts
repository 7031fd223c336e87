import DataLoader from 'dataloader';
import { type ConsultarDetalhesResponse, isNoAgenda } from '../../upstream/index.js';
import { rethrow, settle } from './settle.js';

/** What an agenda read must bring besides the installments themselves. */
export interface AgendaDetailNeeds {
  /** Boletos and Pix charges (`trazerBoleto`). */
  boletos?: boolean;
  /** Ledger entries (`trazerAgendaDetalhada`). */
  entries?: boolean;
}

/** Asks of `AgendaLoader.load`: installment numbers (all when omitted) and the detail needed. */
export interface AgendaAsk extends AgendaDetailNeeds {
  numbers?: readonly number[];
}

/** How one ConsultarDetalhes call is made. */
export interface AgendaFetchSpec {
  /** Sorted installment numbers; `undefined` for every installment. */
  numbers: number[] | undefined;
  boletos: boolean;
  entries: boolean;
}

type AgendaCoverage = ReadonlySet<number> | 'all';

/** The answer for a proposal that exists but has no agenda yet (kept apart from "unknown proposal"). */
const NO_AGENDA_YET: ConsultarDetalhesResponse = Object.freeze({});

type AgendaValue = ConsultarDetalhesResponse | null;

interface AgendaFetch {
  coverage: AgendaCoverage;
  boletos: boolean;
  entries: boolean;
  result: Promise<AgendaValue>;
}

interface AgendaKey {
  proposalId: string;
  /** Sorted, distinct installment numbers; `undefined` for every installment. */
  numbers: readonly number[] | undefined;
  boletos: boolean;
  entries: boolean;
}

/**
 * The receivables agenda of proposals (AgendaRecebivel/ConsultarDetalhes), one call per proposal per
 * tick: every installment number asked for one proposal in the same tick goes into ONE call carrying
 * all of them in `nroParcelas` (or none, meaning every installment, when anyone asked for the whole
 * agenda), with boletos/Pix (`trazerBoleto`) and ledger entries (`trazerAgendaDetalhada`) only when
 * some ask needs them. Later asks already covered by an earlier call reuse its answer.
 */
export class AgendaLoader {
  private readonly fetched = new Map<string, AgendaFetch[]>();
  private readonly loader: DataLoader<AgendaKey, AgendaValue, string>;

  constructor(private readonly fetchDetail: (proposalId: string, spec: AgendaFetchSpec) => Promise<ConsultarDetalhesResponse>) {
    // Batching only: coverage-aware caching lives in `fetched`.
    this.loader = new DataLoader((keys) => this.batch(keys), { cache: false });
  }

  /**
   * The agenda of `proposalId` covering `ask` (every installment when no numbers are given); `null`
   * when the proposal is unknown or has no agenda yet.
   */
  async load(proposalId: string, ask: AgendaAsk = {}): Promise<ConsultarDetalhesResponse | null> {
    const value = await this.read(proposalId, ask);
    return value === NO_AGENDA_YET ? null : value;
  }

  /** Whether the upstream knows the proposal, from the same whole-agenda read as `load(proposalId)`. */
  async proposalExists(proposalId: string, needs: AgendaDetailNeeds = {}): Promise<boolean> {
    return (await this.read(proposalId, needs)) !== null;
  }

  private read(proposalId: string, ask: AgendaAsk): Promise<AgendaValue> {
    const wanted = ask.numbers === undefined ? undefined : [...new Set(ask.numbers)].sort((a, b) => a - b);
    const boletos = ask.boletos === true;
    const entries = ask.entries === true;
    const hit = (this.fetched.get(proposalId) ?? []).find(
      (f) =>
        (f.boletos || !boletos) &&
        (f.entries || !entries) &&
        (f.coverage === 'all' || (wanted !== undefined && wanted.every((n) => (f.coverage as ReadonlySet<number>).has(n)))),
    );
    return hit ? hit.result : this.loader.load({ proposalId, numbers: wanted, boletos, entries });
  }

  /** Forgets what was read for `proposalId` (after a write to it). */
  clear(proposalId: string): void {
    this.fetched.delete(proposalId);
  }

  private async batch(keys: readonly AgendaKey[]): Promise<Array<AgendaValue | Error>> {
    const groups = new Map<string, { all: boolean; numbers: Set<number>; boletos: boolean; entries: boolean }>();
    for (const key of keys) {
      const group = groups.get(key.proposalId) ?? { all: false, numbers: new Set<number>(), boletos: false, entries: false };
      if (key.numbers === undefined) {
        group.all = true;
      } else {
        key.numbers.forEach((n) => group.numbers.add(n));
      }
      group.boletos ||= key.boletos;
      group.entries ||= key.entries;
      groups.set(key.proposalId, group);
    }
    const settled = new Map<string, Promise<AgendaValue | Error>>();
    for (const [proposalId, group] of groups) {
      const spec: AgendaFetchSpec = {
        numbers: group.all ? undefined : [...group.numbers].sort((a, b) => a - b),
        boletos: group.boletos,
        entries: group.entries,
      };
      const outcome = settle(this.fetchDetail(proposalId, spec).catch((error: unknown) => (isNoAgenda(error) ? NO_AGENDA_YET : Promise.reject(error))));
      const result = outcome.then(rethrow);
      result.catch(() => undefined); // observed by later loads; never an unhandled rejection
      const fetches = this.fetched.get(proposalId) ?? [];
      fetches.push({ coverage: group.all ? 'all' : group.numbers, boletos: group.boletos, entries: group.entries, result });
      this.fetched.set(proposalId, fetches);
      settled.set(proposalId, outcome);
    }
    return Promise.all(keys.map((key) => settled.get(key.proposalId) as Promise<AgendaValue | Error>));
  }
}
