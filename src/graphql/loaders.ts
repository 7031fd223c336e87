import DataLoader from 'dataloader';
import {
  consultaProposta,
  consultarBoletos,
  consultarDetalhes,
  consultarParcelas,
  consultarPessoa,
  consultarCadastroBusca,
  consultaBureauCnpj,
  carryFetchedAt,
  isCatalogueCode,
  type ConsultarCadastroBuscaResponse,
  type ConsultaBureauCnpjResponse,
  UpstreamNotFoundError,
  UpstreamRejectedError,
  type BoletoRegistro,
  type ConsultaPropostaResponse,
  type ConsultarDetalhesResponse,
  type ConsultarPessoaResponse,
  type Parcela,
  type UpstreamCaller,
} from '../upstream/index.js';
import { toGraphQLError } from './errors.js';

/**
 * Catalogue code of "this proposal has no receivables agenda (never disbursed)". Not in the
 * contract's catalogue: the sandbox defines it (src/sandbox/README.md, "Receivables") for a read the
 * contract leaves open. For an agenda or boleto read it means "nothing yet", not failure, and unlike
 * C0112/V0001 it proves the proposal exists.
 */
export const NO_AGENDA = { code: 'C0200', detail: 'V0001' } as const;

/** Whether an upstream error is the "no agenda yet" answer. */
export function isNoAgenda(error: unknown): boolean {
  return (
    error instanceof UpstreamRejectedError &&
    error.items.length > 0 &&
    error.items.every(i => isCatalogueCode(i, NO_AGENDA.code, NO_AGENDA.detail))
  );
}

/** Resolves a read to its value, `null` when the upstream does not know the record, or the mapped error. */
async function settle<T>(read: Promise<T>): Promise<T | null | Error> {
  try {
    return await read;
  } catch (error) {
    return error instanceof UpstreamNotFoundError ? null : toGraphQLError(error);
  }
}

function rethrow<T>(value: T | null | Error): Promise<T | null> {
  return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
}

/** Key of `boletosByProposal`: the proposal and whether cancelled boletos are wanted. */
export interface BoletosKey {
  proposalId: string;
  includeCancelled: boolean;
}

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
    this.loader = new DataLoader(keys => this.batch(keys), { cache: false });
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
      f =>
        (f.boletos || !boletos) &&
        (f.entries || !entries) &&
        (f.coverage === 'all' || (wanted !== undefined && wanted.every(n => (f.coverage as ReadonlySet<number>).has(n)))),
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
        key.numbers.forEach(n => group.numbers.add(n));
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
    return Promise.all(keys.map(key => settled.get(key.proposalId) as Promise<AgendaValue | Error>));
  }
}

/** The per-request loaders. Never shared between requests or callers. */
export interface Loaders {
  /** FGTS/ConsultaProposta by proposal UUID. */
  proposalById: DataLoader<string, ConsultaPropostaResponse | null>;
  /** FGTS/ConsultaProposta by operation code (primes `proposalById`). */
  proposalByOperationCode: DataLoader<string, ConsultaPropostaResponse | null>;
  /** Proposta/ConsultarParcelas by proposal UUID. */
  installmentsByProposal: DataLoader<string, Parcela[] | null>;
  /** AgendaRecebivel/ConsultarDetalhes, one call per proposal per tick. */
  agendaByProposal: AgendaLoader;
  /** AgendaRecebivel/ConsultarBoletos by proposal and `trazerBoletosCancelados`. */
  boletosByProposal: DataLoader<BoletosKey, BoletoRegistro[] | null, string>;
  /** Pessoa/ConsultarPessoa by CPF/CNPJ digits. */
  personByDocument: DataLoader<string, ConsultarPessoaResponse | null>;
  /** Bureau/ConsultarCadastroBusca by CPF/CNPJ digits. */
  registrationByDocument: DataLoader<string, ConsultarCadastroBuscaResponse | null>;
  /** Bureau/ConsultaBureauCnpj by CPF/CNPJ digits. */
  bureauByDocument: DataLoader<string, ConsultaBureauCnpjResponse | null>;
  /** Forgets everything read about one proposal, so reads after a write see fresh data. */
  clearProposal(proposalId: string): void;
}

/** One upstream read per key, all started together; each key gets its value, `null` or its error. */
function perKey<K, V>(read: (key: K) => Promise<V>): (keys: readonly K[]) => Promise<Array<V | null | Error>> {
  return keys => Promise.all(keys.map(key => settle(read(key))));
}

/** Builds the loaders of one request over `upstream`. */
export function createLoaders(upstream: UpstreamCaller): Loaders {
  const proposalById = new DataLoader<string, ConsultaPropostaResponse | null>(
    perKey(id => consultaProposta(upstream, { dto: { CodigoProposta: id } })),
  );
  const proposalByOperationCode = new DataLoader<string, ConsultaPropostaResponse | null>(
    perKey(async code => {
      const record = await consultaProposta(upstream, { dto: { CodigoOperacao: code } });
      if (record.Codigo) {
        proposalById.prime(record.Codigo, record);
      }
      return record;
    }),
  );
  const installmentsByProposal = new DataLoader<string, Parcela[] | null>(
    perKey(async id => {
      const answer = await consultarParcelas(upstream, { dto: { codigoProposta: id } });
      return carryFetchedAt(answer, answer.parcelas ?? []);
    }),
  );
  const agendaByProposal = new AgendaLoader((id, spec) =>
    consultarDetalhes(upstream, {
      dto: { codigoProposta: id, ...(spec.numbers ? { nroParcelas: spec.numbers } : {}) },
      dtoConsultaDetalhes: { trazerBoleto: spec.boletos, trazerAgendaDetalhada: spec.entries },
    }),
  );
  const boletosByProposal = new DataLoader<BoletosKey, BoletoRegistro[] | null, string>(
    perKey(key =>
      consultarBoletos(upstream, {
        dto: { codigoProposta: key.proposalId },
        dtoConsultaBoletos: { trazerBoletosCancelados: key.includeCancelled },
      }).then(
        answer => carryFetchedAt(answer, answer.boletos ?? []),
        (error: unknown) => (isNoAgenda(error) ? [] : Promise.reject(error)),
      ),
    ),
    { cacheKeyFn: key => `${key.proposalId}|${key.includeCancelled ? 1 : 0}` },
  );
  const personByDocument = new DataLoader<string, ConsultarPessoaResponse | null>(
    perKey(document => consultarPessoa(upstream, { filter: { documentoCliente: document } })),
  );
  const registrationByDocument = new DataLoader<string, ConsultarCadastroBuscaResponse | null>(
    perKey(document => consultarCadastroBusca(upstream, { consulta: { documento: document } })),
  );
  const bureauByDocument = new DataLoader<string, ConsultaBureauCnpjResponse | null>(perKey(document => consultaBureauCnpj(upstream, { documento: document })));
  return {
    proposalById,
    proposalByOperationCode,
    installmentsByProposal,
    agendaByProposal,
    boletosByProposal,
    personByDocument,
    registrationByDocument,
    bureauByDocument,
    clearProposal(proposalId: string): void {
      proposalById.clear(proposalId);
      proposalByOperationCode.clearAll();
      installmentsByProposal.clear(proposalId);
      agendaByProposal.clear(proposalId);
      boletosByProposal.clear({ proposalId, includeCancelled: false });
      boletosByProposal.clear({ proposalId, includeCancelled: true });
    },
  };
}
