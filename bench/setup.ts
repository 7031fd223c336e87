/**
 * What the benches set up before any load: their numeric settings, the sandbox's admin API and a
 * portfolio of proposals created straight at the partner (disbursed: agenda open).
 */
import { incluirManual, type UpstreamClient } from '../src/upstream/index.js';
import { syntheticCpf } from './documents.js';

/** A non-negative number from the environment, `fallback` when unset. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`${name} must be a non-negative number`);
  }
  return value;
}

/** A sandbox, in a thread or a process of its own: its base URL. */
interface SandboxAt {
  url: string;
}

/** One call of the sandbox's admin API (`/_sandbox/<path>`); a refusal throws with its status. */
export async function admin<T = unknown>(sandbox: SandboxAt, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandbox.url}/_sandbox/${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`sandbox ${method} /_sandbox/${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

export interface PortfolioOptions {
  size: number;
  /** Operation codes are `<tag>-PORTFOLIO-<n>`. */
  tag: string;
  /** Installments of the n-th proposal (from 0). */
  installments: number | ((index: number) => number);
  /** Amount requested for the n-th proposal; 12,000 by default. */
  amount?: (index: number) => number;
  /** Disbursed through the admin API (agenda open); true by default. */
  disburse?: boolean;
}

/** `size` proposals of the upstream client, created straight at the partner (setup, not measured). */
export async function createPortfolio(sandbox: SandboxAt, client: UpstreamClient, options: PortfolioOptions): Promise<string[]> {
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
          vlrSolicitado: options.amount?.(index) ?? 12_000,
          prazo: typeof options.installments === 'number' ? options.installments : options.installments(index),
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
    if (options.disburse !== false) {
      await admin(sandbox, 'POST', `proposals/${created.codigo}/situacao`, { situacao: 9 });
    }
    ids.push(created.codigo);
  }
  return ids;
}
