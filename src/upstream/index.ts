/**
 * The upstream client's public surface: what graphql/, server/, the benchmark and the tests use.
 * Listed name by name, so a helper of one module never leaks out by accident (modules inside
 * upstream/ import each other directly).
 */

// The chokepoint and its options.
export { createUpstreamClient, UpstreamClient, type UpstreamCaller, type CallOptions, type UpstreamClientOptions } from './client.js';
export { type BreakerOptions, type BreakerSnapshot, type BreakerState } from './breaker.js';
export { readPrivateKey, DEFAULT_SCOPE } from './auth.js';
export { OPERATIONS, OPERATION_NAMES, type OperationName, type OperationSpec } from './operations.js';

// Errors and the partner's catalogue.
export {
  UPSTREAM_ERROR_CODES,
  type UpstreamErrorCode,
  type UpstreamErrorInit,
  type UpstreamMessage,
  UpstreamError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
  UpstreamCircuitOpenError,
  UpstreamRateLimitedError,
  UpstreamAuthError,
  UpstreamBadResponseError,
  UpstreamCallBudgetError,
  UpstreamEnvelopeError,
  UpstreamNotFoundError,
  UpstreamForbiddenError,
  UpstreamRejectedError,
  isUpstreamError,
  isNoAgenda,
} from './errors.js';
export {
  CATALOGUE,
  catalogueEntry,
  type CatalogueEntry,
  type CatalogueCode,
  isCatalogueCode,
  meaningOf,
  OBSERVED_CODES,
  observedMeaningOf,
  PROPOSAL_NOT_FOUND,
  PROPOSAL_OF_ANOTHER_INTEGRATION,
  IDEMPOTENCY_KEY_REUSED,
  NO_AGENDA,
  isIdempotencyKeyReused,
} from './catalogue.js';

// What the client tells: statistics and observer events.
export { type UpstreamStats, type OperationStats, type LatencySummary, LATENCY_BUCKETS_MS, percentile } from './stats.js';
export {
  type UpstreamObserver,
  type UpstreamOutcome,
  type UpstreamCallEvent,
  type TokenRenewalEvent,
  type CacheOutcome,
  type CacheEvent,
  type LimiterQueueEvent,
  type ThrottledEvent,
  NOOP_UPSTREAM_OBSERVER,
  combineObservers,
} from './observer.js';

// Admission: the fair limiter over the partner budget, and the callers' budgets.
export { type CallLimiter, type CallTicket, type OverdueOptions, type OverdueStats, type RateLimitOptions } from './limiter.js';
export { FairLimiter, type FairLimiterOptions, type SchedulerClock } from './scheduler.js';
export {
  type CallerBudgets,
  type CallerBudgetConfig,
  type CallerBudgetLimits,
  type ThrottleStatus,
  MemoryCallerBudgets,
  secondsUntilAvailable,
  round,
  type PartnerBudget,
  type PartnerGrant,
  type PartnerLimits,
  MemoryPartnerBudget,
} from './budget.js';

// Partner reads: sessions, the read layer (coalescing, cache, freshness), its stores.
export { type ReadSession, type RequestCost, type SessionOptions, directSession, countedUncached, fetchedAtOf, carryFetchedAt } from './reads/session.js';
export { situationRank } from './reads/monotonic.js';
export { PartnerReads, type PartnerReadsOptions, type PartnerReadStats, type StoreFailureHook } from './reads/flights.js';
export { DEFAULT_READ_POLICIES, isReadOperation, type ReadOperation, type ReadPolicy } from './freshness.js';
export { type ReadCacheStore, type CachedRead, type CacheLookup } from './cache.js';
export { MemoryReadCacheStore, type MemoryReadCacheOptions } from './stores/memory.js';
export { createSharedState, type SharedState, type SharedStateOptions, type SharedStateComponent, type DegradedHook } from './stores/state.js';

// The 18 operations, one typed function each, and their request and response types.
export { consultaProposta, consultaPropostaById, incluirManual, incluirAvalista, consultarParcelas, calcularValoresProposta } from './proposal.api.js';
export { incluirAssinaturaCCB, incluirAssinaturaCCBFinalizada } from './signature.api.js';
export { incluirDocumento } from './document.api.js';
export { cancelarProposta } from './fgts.api.js';
export {
  consultarDetalhes,
  consultarBoletos,
  gerarMultiplosBoletos,
  gerarUnicoBoleto,
  incluirLancamentoParcela,
  incluirLancamentoMultiplasParcelas,
} from './receivables.api.js';
export { consultarPessoa, consultarCadastroBusca, consultaBureauCnpj } from './registry.api.js';
export {
  type DateTimeString,
  type EnvelopeMessage,
  type PascalEnvelopeMessage,
  type Parametro,
  type Envelope,
  type PascalEnvelope,
  type EnvelopeWithParametros,
  type PropostaLocator,
  type AgendaLocator,
} from './envelope.types.js';
export {
  type ConsultaPropostaRequest,
  type PropostaLancamento,
  type CancelamentoFGTS,
  type ConsultaPropostaResponse,
  type PropostaContaPagamentoDTO,
  type PropostaLancamentoInput,
  type IncluirManualDto,
  type IncluirManualRequest,
  type IncluirManualResponse,
  type AvalistaPF,
  type AvalistaPJ,
  type Avalista,
  type IncluirAvalistaRequest,
  type IncluirAvalistaResponse,
  type ConsultarParcelasRequest,
  type Parcela,
  type ConsultarParcelasResponse,
  type CalcularValoresPropostaDto,
  type CalcularValoresPropostaRequest,
  type CalcularValoresPropostaResponse,
} from './proposal.types.js';
export {
  type AssinanteConvite,
  type IncluirAssinaturaCCBRequest,
  type IncluirAssinaturaCCBResponse,
  type AssinanteFinalizado,
  type IncluirAssinaturaCCBFinalizadaRequest,
  type IncluirAssinaturaCCBFinalizadaResponse,
} from './signature.types.js';
export { type DocumentoArquivo, type IncluirDocumentoRequest, type IncluirDocumentoResponse } from './document.types.js';
export { type CancelarPropostaRequest, type CancelarPropostaResponse } from './fgts.types.js';
export {
  type DtoLancamentoParcela,
  type IncluirLancamentoParcelaRequest,
  type IncluirLancamentoParcelaResponse,
  type IncluirLancamentoMultiplasParcelasRequest,
  type IncluirLancamentoMultiplasParcelasResponse,
  type ConsultarDetalhesRequest,
  type QrCode,
  type AgendaBoleto,
  type AgendaPix,
  type AgendaLancamento,
  type AgendaParcela,
  type ConsultarDetalhesResponse,
  type ConsultarBoletosRequest,
  type BoletoRegistro,
  type ConsultarBoletosResponse,
  type GerarMultiplosBoletosParcela,
  type GerarMultiplosBoletosRequest,
  type GerarMultiplosBoletosResponse,
  type GerarUnicoBoletoRequest,
  type GerarUnicoBoletoResponse,
} from './receivables.types.js';
export {
  type ConsultarPessoaRequest,
  type ConsultarPessoaResponse,
  type ConsultarCadastroBuscaRequest,
  type ConsultarCadastroBuscaResponse,
  type ConsultaBureauCnpjRequest,
  type ConsultaBureauCnpjResponse,
} from './registry.types.js';
