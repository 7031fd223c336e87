/**
 * What the chaos and pressure suites set up at the partner before any load: the sandbox's admin API
 * and a portfolio of disbursed proposals (agenda open), created straight at the partner.
 */
import { type Sandbox } from './sandbox-thread.js';
import { incluirManual, type UpstreamClient } from '../src/upstream/index.js';
import { syntheticCpf } from './documents.js';

/** One call of the sandbox's admin API (`/_sandbox/<path>`); a refusal throws with its status. */
export async function admin(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sandbox.url}/_sandbox/${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`sandbox ${method} /_sandbox/${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
  return text === '' ? undefined : JSON.parse(text);
}

/** `size` disbursed proposals of the upstream client with `installments` installments each, operation codes `<tag>-PORTFOLIO-<n>`. */
export async function createPortfolio(
  sandbox: Sandbox,
  client: UpstreamClient,
  options: { size: number; installments: number; tag: string },
): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < options.size; index += 1) {
    const document = syntheticCpf(520_000_000 + index * 7919);
    const name = `Cliente ${options.tag.toLowerCase()} ${index + 1}`;
    const created = await incluirManual(
      client,
      {
        dto: {
          documentoCliente: document,
          tipoContrato: 'CP',
          vlrSolicitado: 12_000,
          prazo: options.installments,
          percJurosNegociado: 2.1,
          formatoCalculo: 1,
          codigoOperacao: `${options.tag}-PORTFOLIO-${index + 1}`,
          propostaContaPagamentoDTO: {
            codigoBanco: 1,
            tipoConta: 1,
            agencia: '1234',
            agenciaDig: '5',
            conta: String(20_000 + index),
            contaDig: '1',
            documentoFederalPagamento: document,
            nomePagamento: name,
          },
        },
        parametros: [{ nome: 'nomeCliente', valor: name }],
      },
      { idempotencyKey: `${options.tag.toLowerCase()}-portfolio-${index}` },
    );
    if (typeof created.codigo !== 'string') {
      throw new Error('IncluirManual returned no codigo');
    }
    await admin(sandbox, 'POST', `proposals/${created.codigo}/situacao`, { situacao: 9 });
    ids.push(created.codigo);
  }
  return ids;
}
