import DataLoader from 'dataloader';
import {
  consultaProposta,
  consultaPropostaById,
  consultarBoletos,
  consultarDetalhes,
  consultarParcelas,
  consultarPessoa,
  consultarCadastroBusca,
  consultaBureauCnpj,
  carryFetchedAt,
  isNoAgenda,
  type ConsultarCadastroBuscaResponse,
  type ConsultaBureauCnpjResponse,
  type BoletoRegistro,
  type ConsultaPropostaResponse,
  type ConsultarPessoaResponse,
  type Parcela,
  type UpstreamCaller,
} from '../../upstream/index.js';
import { AgendaLoader } from './agenda.loader.js';
import { settle } from './settle.js';

/** Key of `boletosByProposal`: the proposal and whether cancelled boletos are wanted. */
export interface BoletosKey {
  proposalId: string;
  includeCancelled: boolean;
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
  return (keys) => Promise.all(keys.map((key) => settle(read(key))));
}

/** Builds the loaders of one request over `upstream`. */
export function createLoaders(upstream: UpstreamCaller): Loaders {
  const proposalById = new DataLoader<string, ConsultaPropostaResponse | null>(perKey((id) => consultaProposta(upstream, consultaPropostaById(id))));
  const proposalByOperationCode = new DataLoader<string, ConsultaPropostaResponse | null>(
    perKey(async (code) => {
      const record = await consultaProposta(upstream, { dto: { CodigoOperacao: code } });
      if (record.Codigo) {
        proposalById.prime(record.Codigo, record);
      }
      return record;
    }),
  );
  const installmentsByProposal = new DataLoader<string, Parcela[] | null>(
    perKey(async (id) => {
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
    perKey((key) =>
      consultarBoletos(upstream, {
        dto: { codigoProposta: key.proposalId },
        dtoConsultaBoletos: { trazerBoletosCancelados: key.includeCancelled },
      }).then(
        (answer) => carryFetchedAt(answer, answer.boletos ?? []),
        (error: unknown) => (isNoAgenda(error) ? [] : Promise.reject(error)),
      ),
    ),
    { cacheKeyFn: (key) => `${key.proposalId}|${key.includeCancelled ? 1 : 0}` },
  );
  const personByDocument = new DataLoader<string, ConsultarPessoaResponse | null>(
    perKey((document) => consultarPessoa(upstream, { filter: { documentoCliente: document } })),
  );
  const registrationByDocument = new DataLoader<string, ConsultarCadastroBuscaResponse | null>(
    perKey((document) => consultarCadastroBusca(upstream, { consulta: { documento: document } })),
  );
  const bureauByDocument = new DataLoader<string, ConsultaBureauCnpjResponse | null>(
    perKey((document) => consultaBureauCnpj(upstream, { documento: document })),
  );
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
