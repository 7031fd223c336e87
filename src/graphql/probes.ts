import { type Ledger, type OperationRecord, type Probe } from '../ledger/index.js';
import { type UpstreamCaller } from '../upstream/index.js';
import { boletoProbe } from './boleto/boleto.probe.js';
import { paymentProbe } from './agenda/payment.probe.js';
import { cancellationProbe } from './proposal/cancellation.probe.js';
import { createProbe } from './proposal/creation.probe.js';
import { type ProbeFamilies, probeFor } from './runtime/in-doubt.js';

/**
 * The writes a partner read can settle, by operation: given to every request's context (runtime/write.ts)
 * and used by the background reconciler. Guarantors, signers and documents have none (docs/in-doubt.md).
 */
export const PROBE_FAMILIES: ProbeFamilies = {
  IncluirManual: createProbe,
  IncluirLancamentoParcela: paymentProbe,
  IncluirLancamentoMultiplasParcelas: paymentProbe,
  GerarMultiplosBoletos: boletoProbe,
  GerarUnicoBoleto: boletoProbe,
  CancelarProposta: cancellationProbe,
};

/**
 * `probeFor` for a ledger record (the background reconciler's view). A record without probe data
 * was written before its operation had a probe: it stays unknown.
 */
export function probeForRecord(upstream: UpstreamCaller, ledger: Ledger): (record: OperationRecord) => Probe | undefined {
  return (record) => (record.probe === null ? undefined : probeFor(PROBE_FAMILIES, record.operation, { upstream, ledger }));
}
