/**
 * One suite of upstream behaviour. It runs against a sandbox in `npm test` and, unchanged, against
 * the real upstream when CONTRACT_TARGET=real and the UPSTREAM_* settings are present. Data it needs
 * is created through the API (IncluirManual); only steps the API cannot take (disbursing a proposal,
 * a second integration) use the sandbox's admin API, and those tests are skipped on the real upstream.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { TokenProvider } from '../../../src/upstream/auth.js';
import { type UpstreamClient } from '../../../src/upstream/client.js';
import { OPERATION_NAMES } from '../../../src/upstream/operations.js';
import { document, fgts, proposal, receivables, registry, signature } from './operations.js';
import {
  UpstreamError,
  UpstreamForbiddenError,
  UpstreamNotFoundError,
  UpstreamRejectedError,
  type UpstreamEnvelopeError,
} from '../../../src/upstream/errors.js';
import { type ContractTarget, contractTargets, openTarget, validCpf } from './target.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONTRACT_TYPE = process.env.CONTRACT_CONTRACT_TYPE ?? 'CP';
const FGTS_CONTRACT_TYPE = 'FGTS';

async function rejection(promise: Promise<unknown>): Promise<UpstreamEnvelopeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof UpstreamError) || !('items' in error)) {
    throw new Error(`expected an envelope rejection, got ${String(error)}`);
  }
  return error as UpstreamEnvelopeError;
}

function codes(error: UpstreamEnvelopeError): string[] {
  return error.items.map((i) => `${i.code}/${i.detail}`);
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}

describe.each(contractTargets())('upstream contract (%s)', (kind) => {
  let target: ContractTarget;
  let client: UpstreamClient;
  const sandboxOnly = kind === 'sandbox' ? it : it.skip;
  let seq = Math.floor(Date.now() / 1000) % 100_000_000;
  /**
   * Documents the suite sends. Against the real upstream only the test documents its settings give
   * are used (never generated numbers, which could belong to real people).
   */
  const cpfFor = (n: number): string => (kind === 'real' ? (process.env.CONTRACT_CLIENT_DOCUMENT ?? '') : validCpf(seq + n));
  const cnpjForBureau = (): string => (kind === 'real' ? (process.env.CONTRACT_BUREAU_CNPJ ?? '') : '11222333000181');

  /** Creates a proposal through the API and answers its locator. */
  async function newProposal(
    overrides: Record<string, unknown> = {},
    on: UpstreamClient = client,
  ): Promise<{ codigo: string; numero: number; documento: string }> {
    seq += 7919;
    const documento = cpfFor(0);
    const created = await proposal.incluirManual(
      on,
      {
        dto: {
          documentoCliente: documento,
          tipoContrato: CONTRACT_TYPE,
          vlrSolicitado: 5000,
          prazo: 12,
          percJurosNegociado: 2.5,
          ...overrides,
        },
        parametros: [],
      },
      { idempotencyKey: randomUUID() },
    );
    expect(created.codigo).toMatch(UUID);
    expect(typeof created.numero).toBe('number');
    return { codigo: created.codigo as string, numero: created.numero as number, documento };
  }

  /**
   * Waits for the partner's credit analysis to approve a new proposal (situation 2): on the sandbox
   * its clock is moved past the analysis delay; on the real upstream the proposal is polled (its
   * analysis takes what it takes). Fails on a rejection or after `limitMs`.
   */
  async function approved(codigo: string, limitMs = kind === 'real' ? 600_000 : 10_000): Promise<void> {
    await target.admin?.concludeAnalyses();
    const until = Date.now() + limitMs;
    for (;;) {
      const read = await proposal.consultaProposta(client, { dto: { CodigoProposta: codigo } });
      if (read.Situacao === 2) {
        return;
      }
      if (read.Situacao !== 1 || Date.now() > until) {
        throw new Error(`proposal ${codigo} is in situation ${String(read.Situacao)}, not approved`);
      }
      await new Promise((resolve) => setTimeout(resolve, kind === 'real' ? 5000 : 50));
    }
  }

  beforeAll(async () => {
    target = await openTarget(kind);
    client = target.client;
  });

  afterAll(async () => {
    await target?.close();
  });

  describe('transport', () => {
    it('answers 200 text/plain carrying a JSON envelope, which the client parses', async () => {
      const agent = new Agent({ headersTimeout: 20_000, bodyTimeout: 20_000 });
      try {
        const tokens = new TokenProvider({
          authUrl: target.options.authUrl,
          clientId: target.options.clientId,
          privateKeyPem: target.options.privateKeyPem,
          dispatcher: agent,
          requestTimeoutMs: 20_000,
        });
        const token = await tokens.token(new AbortController().signal, 'contract');
        const res = await request(`${target.options.baseUrl.replace(/\/+$/, '')}/Proposta/CalcularValoresProposta`, {
          method: 'POST',
          dispatcher: agent,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', IdempotencyKey: randomUUID() },
          body: JSON.stringify({ dto: { vlrSolicitado: 1000, prazo: 6, percJurosNegociado: 2, tipoPessoa: 1 } }),
        });
        const text = await res.body.text();
        expect(res.statusCode).toBe(200);
        expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
        expect(JSON.parse(text)).toMatchObject({ hasError: false });
      } finally {
        await agent.close();
      }
    });

    it('answers 401 to a call without a token', async () => {
      const res = await request(`${target.options.baseUrl.replace(/\/+$/, '')}/Proposta/ConsultarParcelas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', IdempotencyKey: randomUUID() },
        body: JSON.stringify({ dto: { codigoProposta: randomUUID() } }),
      });
      await res.body.dump();
      expect(res.statusCode).toBe(401);
    });
  });

  describe('CalcularValoresProposta', () => {
    it('simulates values in camelCase', async () => {
      const result = await proposal.calcularValoresProposta(client, {
        dto: { vlrSolicitado: 10_000, prazo: 24, percJurosNegociado: 2.5, tipoPessoa: 1, nroDiasAcrescimo: 0 },
        parametros: [],
      });
      expect(result.hasError).toBe(false);
      expect(result).not.toHaveProperty('HasError');
      for (const field of [
        'vlrParcela',
        'vlrIOF',
        'vlrTotalCredito',
        'vlrTotalDivida',
        'percCETMensal',
        'percCETAnual',
        'percJurosMensal',
        'percJurosAnual',
      ] as const) {
        expect(typeof result[field]).toBe('number');
      }
      expect(result.vlrParcela ?? 0).toBeGreaterThan(10_000 / 24);
      expect(result.vlrTotalDivida ?? 0).toBeGreaterThan(result.vlrTotalCredito ?? 0);
    });

    it('rejects a simulation without amount or term with the catalogue codes', async () => {
      const error = await rejection(proposal.calcularValoresProposta(client, { dto: { percJurosNegociado: 2 } }));
      expect(error).toBeInstanceOf(UpstreamRejectedError);
      expect(codes(error)).toEqual(expect.arrayContaining(['T0665/D0020', 'T0665/D0021']));
      expect(error.items.find((i) => i.detail === 'D0020')?.meaning).toBe('The amount must be given.');
    });
  });

  describe('IncluirManual, ConsultaProposta, ConsultarParcelas', () => {
    it('creates a proposal, reads it back in PascalCase and lists its installments', async () => {
      const created = await newProposal();
      const read = await proposal.consultaProposta(client, { dto: { CodigoProposta: created.codigo } });
      expect(read.HasError).toBe(false);
      expect(read).not.toHaveProperty('hasError');
      expect(read.Codigo).toBe(created.codigo);
      expect(read.QtdeParcelas).toBe(12);
      expect(typeof read.Situacao).toBe('number');
      expect(Array.isArray(read.PropostaLancamentos)).toBe(true);

      const installments = await proposal.consultarParcelas(client, { dto: { codigoProposta: created.codigo } });
      expect(installments.hasError).toBe(false);
      expect(installments.parcelas).toHaveLength(12);
      const first = installments.parcelas?.[0];
      // docs/partner/facts.md: an item's codigoProposta is the proposal number, not the UUID.
      expect(first?.codigoProposta).toBe(created.numero);
      expect(first?.nroParcela).toBe(1);
      expect(typeof first?.vlrParcela).toBe('number');
      expect(Date.parse(first?.dtVencimento ?? '')).not.toBeNaN();
    });

    it('rejects an invalid client document with T0665/D0002', async () => {
      const error = await rejection(
        proposal.incluirManual(client, { dto: { documentoCliente: '11111111111', tipoContrato: CONTRACT_TYPE, vlrSolicitado: 1000, prazo: 6 } }),
      );
      expect(error).toBeInstanceOf(UpstreamRejectedError);
      expect(codes(error)).toContain('T0665/D0002');
      expect(error.items.find((i) => i.detail === 'D0002')?.meaning).toBe('The client document is invalid.');
    });

    it('replays a write repeated with the same IdempotencyKey instead of creating a second proposal', async () => {
      const key = randomUUID();
      seq += 7919;
      const body = { dto: { documentoCliente: cpfFor(0), tipoContrato: CONTRACT_TYPE, vlrSolicitado: 2000, prazo: 6 } };
      const first = await proposal.incluirManual(client, body, { idempotencyKey: key });
      const second = await proposal.incluirManual(client, body, { idempotencyKey: key });
      expect(second.codigo).toBe(first.codigo);
      expect(second.numero).toBe(first.numero);
    });

    it('reports an unknown proposal as UPSTREAM_NOT_FOUND (C0112/V0001), PascalCase or camelCase', async () => {
      const missing = randomUUID();
      const pascal = await rejection(proposal.consultaProposta(client, { dto: { CodigoProposta: missing } }));
      expect(pascal).toBeInstanceOf(UpstreamNotFoundError);
      expect(codes(pascal)).toContain('C0112/V0001');
      const camel = await rejection(proposal.consultarParcelas(client, { dto: { codigoProposta: missing } }));
      expect(camel).toBeInstanceOf(UpstreamNotFoundError);
      expect(camel.items[0]?.meaning).toBe('Proposal not found.');
    });

    sandboxOnly("reports another integration's proposal as UPSTREAM_FORBIDDEN (C0112/V0002)", async () => {
      const other = target.otherClient;
      if (other === undefined) {
        throw new Error('the sandbox target has a second integration');
      }
      const theirs = await newProposal({}, other);
      for (const call of [
        proposal.consultaProposta(client, { dto: { CodigoProposta: theirs.codigo } }),
        proposal.consultarParcelas(client, { dto: { codigoProposta: theirs.codigo } }),
      ]) {
        const error = await rejection(call);
        expect(error).toBeInstanceOf(UpstreamForbiddenError);
        expect(codes(error)).toContain('C0112/V0002');
        expect(error.items[0]?.meaning).toBe('The proposal does not belong to this integration.');
      }
    });
  });

  describe('IncluirAvalista', () => {
    it('adds a guarantor and answers its codigo and numero', async () => {
      const created = await newProposal();
      const result = await proposal.incluirAvalista(
        client,
        {
          dto: { codigoProposta: created.codigo },
          avalista: {
            nome: 'Avalista Contrato',
            documentoFederal: cpfFor(1),
            cidade: 'São Paulo',
            uf: 'SP',
            avalistaPF: { email: 'avalista@example.com', estadoCivil: 1, vlrRendimentoTrabalho: 3500 },
          },
        },
        { idempotencyKey: randomUUID() },
      );
      expect(result.hasError).toBe(false);
      expect(result.codigo).toMatch(UUID);
    });

    it('refuses a guarantor for an unknown proposal with UPSTREAM_NOT_FOUND', async () => {
      const error = await rejection(
        proposal.incluirAvalista(client, { dto: { codigoProposta: randomUUID() }, avalista: { nome: 'X' } }, { idempotencyKey: randomUUID() }),
      );
      expect(error).toBeInstanceOf(UpstreamNotFoundError);
    });
  });

  describe('signatures', () => {
    const signer = (n: number): Record<string, unknown> => ({
      nome: `Assinante ${n}`,
      email: `assinante${n}@example.com`,
      documento: cpfFor(n),
      descricao: 'Cliente',
      telefoneCelular: `1199${String(1_000_000 + n).slice(-7)}`,
      notificarPorEmail: true,
      notificarPorChat: false,
      notificarPorSMS: false,
    });

    it('refuses signers while a new proposal is under analysis (C0060/V0003)', async () => {
      const created = await newProposal();
      const read = await proposal.consultaProposta(client, { dto: { CodigoProposta: created.codigo } });
      expect(read.Situacao).toBe(1);
      const error = await rejection(
        signature.incluirAssinaturaCCB(client, { dto: { codigoProposta: created.codigo }, assinantes: [signer(4)] }, { idempotencyKey: randomUUID() }),
      );
      expect(codes(error)).toEqual(['C0060/V0003']);
    });

    it('invites signers to an approved proposal (IncluirAssinaturaCCB)', async () => {
      const created = await newProposal();
      await approved(created.codigo);
      const result = await signature.incluirAssinaturaCCB(
        client,
        { dto: { codigoProposta: created.codigo }, assinantes: [signer(1)] },
        { idempotencyKey: randomUUID() },
      );
      expect(result.hasError).toBe(false);
      expect(Array.isArray(result.parametros)).toBe(true);
    });

    it('rejects an empty signer list (C0060/V0001) and a bad mobile number (T0668/D0010) with every item', async () => {
      const created = await newProposal();
      await approved(created.codigo);
      const none = await rejection(
        signature.incluirAssinaturaCCB(client, { dto: { codigoProposta: created.codigo }, assinantes: [] }, { idempotencyKey: randomUUID() }),
      );
      expect(none).toBeInstanceOf(UpstreamRejectedError);
      expect(codes(none)).toEqual(['C0060/V0001']);
      expect(none.items[0]?.meaning).toBe('No signers were sent.');

      const badPhone = await rejection(
        signature.incluirAssinaturaCCB(
          client,
          { dto: { codigoProposta: created.codigo }, assinantes: [{ ...signer(2), telefoneCelular: '11512345678', nome: '' }] },
          { idempotencyKey: randomUUID() },
        ),
      );
      expect(codes(badPhone)).toEqual(expect.arrayContaining(['T0668/D0003', 'T0668/D0010']));
      expect(badPhone.items.find((i) => i.detail === 'D0010')?.field).toMatch(/telefoneCelular/);
    });

    sandboxOnly('refuses signers once the proposal left approval (C0060/V0002)', async () => {
      const created = await newProposal();
      await target.admin?.setSituation(created.codigo, 9);
      const error = await rejection(
        signature.incluirAssinaturaCCB(client, { dto: { codigoProposta: created.codigo }, assinantes: [signer(3)] }, { idempotencyKey: randomUUID() }),
      );
      expect(codes(error)).toEqual(['C0060/V0002']);
    });

    it('registers signers who already signed (IncluirAssinaturaCCBFinalizada)', async () => {
      const created = await newProposal();
      await approved(created.codigo);
      const result = await signature.incluirAssinaturaCCBFinalizada(
        client,
        {
          dto: { codigoProposta: created.codigo },
          assinantes: [
            {
              nome: 'Assinante Final',
              email: 'final@example.com',
              documento: created.documento,
              descricao: 'Cliente',
              telefoneCelular: '11987654321',
              notificarPorEmail: false,
              notificarPorChat: false,
              dtAssinatura: new Date().toISOString(),
              ipAssinatura: '203.0.113.7',
            },
          ],
        },
        { idempotencyKey: randomUUID() },
      );
      expect(result.hasError).toBe(false);
    });
  });

  describe('IncluirDocumento', () => {
    it('attaches a base64 document and answers its record', async () => {
      const created = await newProposal();
      const arquivo = Buffer.from('%PDF-1.4 contract test').toString('base64');
      const result = await document.incluirDocumento(
        client,
        { dto: { codigoProposta: created.codigo }, documento: { tipoDocumento: 5, nomeArquivo: 'cpf.pdf', extensao: 'pdf', arquivo } },
        { idempotencyKey: randomUUID() },
      );
      expect(result.hasError).toBe(false);
      expect(result.codigo).toMatch(UUID);
      expect(result.tipoDocumento).toBe(5);
      expect(result.nomeArquivo).toBe('cpf.pdf');
    });

    it('rejects a forbidden extension with C0107/V0001', async () => {
      const created = await newProposal();
      const error = await rejection(
        document.incluirDocumento(
          client,
          { dto: { codigoProposta: created.codigo }, documento: { tipoDocumento: 5, nomeArquivo: 'run.exe', extensao: 'exe', arquivo: 'AAAA' } },
          { idempotencyKey: randomUUID() },
        ),
      );
      expect(error).toBeInstanceOf(UpstreamRejectedError);
      expect(codes(error)).toEqual(['C0107/V0001']);
      expect(error.items[0]?.meaning).toMatch(/^Invalid file extension/);
    });
  });

  describe('CancelarProposta (environment address, PascalCase)', () => {
    sandboxOnly('cancels a disbursed FGTS proposal, then refuses a second cancellation with HTTP 400 message 27', async () => {
      const created = await newProposal({ tipoContrato: FGTS_CONTRACT_TYPE });
      await target.admin?.setSituation(created.codigo, 9);
      const cancelled = await fgts.cancelarProposta(
        client,
        { CodigoProposta: created.codigo, DocumentoFederal: created.documento, Motivo: 'contract test' },
        { idempotencyKey: randomUUID() },
      );
      expect(cancelled.HasError).toBe(false);
      expect(cancelled.Boleto).toMatch(/^\d{47}$/);

      const again = await rejection(fgts.cancelarProposta(client, { CodigoProposta: created.codigo }, { idempotencyKey: randomUUID() }));
      expect(again).toBeInstanceOf(UpstreamRejectedError);
      expect(again.status).toBe(400);
      expect(codes(again)).toEqual(['400/27']);
      expect(again.items[0]?.meaning).toBe('Operation already cancelled.');

      const read = await proposal.consultaProposta(client, { dto: { CodigoProposta: created.codigo } });
      expect(read.Situacao).toBe(4);
      expect(read.CancelamentoFGTS?.[0]?.NumLinhaDigitavel).toBe(cancelled.Boleto);
    });

    sandboxOnly('refuses an identifier that is not a UUID with message 38', async () => {
      const error = await rejection(fgts.cancelarProposta(client, { CodigoProposta: 'not-a-uuid' }, { idempotencyKey: randomUUID() }));
      expect(codes(error)).toEqual(['400/38']);
      expect(error.items[0]?.meaning).toBe('Invalid request identifier.');
    });
  });

  describe('receivables agenda', () => {
    let disbursed: { codigo: string; numero: number } | undefined;

    beforeAll(async () => {
      if (target.kind === 'sandbox') {
        const created = await newProposal();
        await target.admin?.setSituation(created.codigo, 9);
        disbursed = created;
      }
    });

    sandboxOnly('details the agenda with its installments (ConsultarDetalhes)', async () => {
      const detail = await receivables.consultarDetalhes(client, {
        dto: { codigoProposta: disbursed?.codigo },
        dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true },
      });
      expect(detail.hasError).toBe(false);
      expect(detail.numeroProposta).toBe(disbursed?.numero);
      expect(detail.parcelas).toHaveLength(12);
      expect(detail.parcelas?.[0]?.codigoParcela).toMatch(UUID);
      expect(typeof detail.parcelas?.[0]?.vlrSaldoAtual).toBe('number');
    });

    sandboxOnly('registers payments for one and for several installments', async () => {
      const detail = await receivables.consultarDetalhes(client, { dto: { codigoProposta: disbursed?.codigo, nroParcelas: [1, 2, 3] } });
      const amount = (n: number): number => detail.parcelas?.find((p) => p.nroParcela === n)?.vlrSaldoAtual ?? 0;
      const one = await receivables.incluirLancamentoParcela(
        client,
        { dto: { codigoProposta: disbursed?.codigo, nroParcela: 1 }, dtoLancamentoParcela: { vlrPagamento: amount(1), descricaoLancamento: 'contract' } },
        { idempotencyKey: randomUUID() },
      );
      expect(one.hasError).toBe(false);
      expect(one.parametros).toEqual(expect.arrayContaining([{ nome: 'nroParcela', valor: '1' }]));
      const several = await receivables.incluirLancamentoMultiplasParcelas(
        client,
        {
          dto: { codigoProposta: disbursed?.codigo },
          dtoLancamentoParcelas: [
            { nroParcela: 2, vlrPagamento: amount(2) },
            { nroParcela: 3, vlrPagamento: amount(3) },
          ],
        },
        { idempotencyKey: randomUUID() },
      );
      expect(several.hasError).toBe(false);
      const after = await receivables.consultarDetalhes(client, {
        dto: { codigoProposta: disbursed?.codigo, nroParcelas: [1, 2, 3] },
        dtoConsultaDetalhes: { trazerAgendaDetalhada: true },
      });
      for (const p of after.parcelas ?? []) {
        expect(p.vlrSaldoAtual).toBe(0);
        expect(p.lancamentos?.length).toBeGreaterThanOrEqual(1);
      }
    });

    sandboxOnly('generates boletos (one per installment, and one for several) and lists them', async () => {
      const multiple = await receivables.gerarMultiplosBoletos(
        client,
        {
          dto: { codigoProposta: disbursed?.codigo },
          dtoGerarMultiplosBoletos: {
            descricaoBoleto: 'contract',
            notificarCliente: false,
            tipoRegistro: 1,
            parcelas: [{ nroParcela: 5, dtVencimento: inDays(5) }],
          },
        },
        { idempotencyKey: randomUUID() },
      );
      expect(multiple.hasError).toBe(false);
      const single = await receivables.gerarUnicoBoleto(
        client,
        {
          dto: { codigoProposta: disbursed?.codigo, nroParcelas: [6, 7] },
          dtoGerarUnicoBoleto: { dtVencimento: inDays(5), descricaoBoleto: 'contract', tipoRegistro: 1 },
        },
        { idempotencyKey: randomUUID() },
      );
      expect(single.hasError).toBe(false);
      const list = await receivables.consultarBoletos(client, { dto: { codigoProposta: disbursed?.codigo }, dtoConsultaBoletos: {} });
      expect(list.hasError).toBe(false);
      expect(list.boletos?.length).toBeGreaterThanOrEqual(2);
      const boleto = list.boletos?.[0];
      expect(boleto?.linhaDigitavel).toMatch(/^\d{47}$/);
      expect(typeof boleto?.parcelas).toBe('string');
      expect(typeof boleto?.impressao).toBe('string');
    });

    sandboxOnly("leaves a single boleto's amount to the partner when vlrBoleto is 0: the listed balances less the discount", async () => {
      const detail = await receivables.consultarDetalhes(client, { dto: { codigoProposta: disbursed?.codigo, nroParcelas: [8, 9] } });
      const balances = (detail.parcelas ?? []).reduce((sum, p) => sum + Math.round((p.vlrSaldoAtual ?? 0) * 100), 0);
      expect(balances).toBeGreaterThan(0);
      const single = await receivables.gerarUnicoBoleto(
        client,
        {
          dto: { codigoProposta: disbursed?.codigo, nroParcelas: [8, 9] },
          dtoGerarUnicoBoleto: {
            dtVencimento: inDays(5),
            descricaoBoleto: 'contract, amount left to the partner',
            vlrBoleto: 0,
            vlrDesconto: 1.5,
            tipoRegistro: 2,
          },
        },
        { idempotencyKey: randomUUID() },
      );
      expect(single.hasError).toBe(false);
      const list = await receivables.consultarBoletos(client, { dto: { codigoProposta: disbursed?.codigo }, dtoConsultaBoletos: {} });
      const boleto = list.boletos?.find((b) => b.parcelas === '8,9');
      expect(Math.round((boleto?.valorBoleto ?? 0) * 100)).toBe(balances - 150);
    });

    it('refuses an unknown proposal (ConsultarBoletos) with UPSTREAM_NOT_FOUND', async () => {
      const error = await rejection(receivables.consultarBoletos(client, { dto: { codigoProposta: randomUUID() } }));
      expect(error).toBeInstanceOf(UpstreamNotFoundError);
    });
  });

  describe('registry and bureau', () => {
    it('looks a person up and parses the json string (ConsultarPessoa)', async () => {
      const created = await newProposal();
      const person = await registry.consultarPessoa(client, { filter: { tipoRegistro: 1, documentoCliente: created.documento } });
      expect(person.hasError).toBe(false);
      expect(typeof person.json).toBe('object');
      expect(person.json).not.toBeNull();
    });

    it('tells one story of a person: the person record and the bureau report name the same person', async () => {
      const document = cpfFor(12);
      const person = await registry.consultarPessoa(client, { filter: { tipoRegistro: 1, documentoCliente: document } });
      const report = (await registry.consultaBureauCnpj(client, { documento: document })) as Record<string, unknown>;
      const record = person.json as Record<string, unknown>;
      expect(typeof record.nome).toBe('string');
      expect(report.nome).toBe(record.nome);
    });

    it('looks registry data up by document and parses the json string (ConsultarCadastroBusca)', async () => {
      const found = await registry.consultarCadastroBusca(client, { consulta: { documento: cpfFor(11) } });
      expect(found.hasError).toBe(false);
      expect(typeof found.json).toBe('object');
    });

    it('answers a bureau report as an object (ConsultaBureauCnpj)', async () => {
      const report = await registry.consultaBureauCnpj(client, { documento: cnpjForBureau() });
      expect(typeof report).toBe('object');
      expect(report.hasError === undefined || report.hasError === false).toBe(true);
    });

    it('rejects a look-up without a document', async () => {
      const error = await rejection(registry.consultarCadastroBusca(client, { consulta: { documento: '' } }));
      expect(error).toBeInstanceOf(UpstreamRejectedError);
      expect(error.items.length).toBeGreaterThanOrEqual(1);
      expect(error.items[0]?.code).not.toBe('');
    });
  });

  describe('rejections of the remaining operations', () => {
    const unknown = (): string => randomUUID();
    const key = (): { idempotencyKey: string } => ({ idempotencyKey: randomUUID() });

    it.each([
      ['ConsultarDetalhes', () => receivables.consultarDetalhes(client, { dto: { codigoProposta: unknown() } })],
      [
        'GerarMultiplosBoletos',
        () =>
          receivables.gerarMultiplosBoletos(
            client,
            { dto: { codigoProposta: unknown() }, dtoGerarMultiplosBoletos: { tipoRegistro: 1, parcelas: [{ nroParcela: 1, dtVencimento: inDays(5) }] } },
            key(),
          ),
      ],
      [
        'GerarUnicoBoleto',
        () =>
          receivables.gerarUnicoBoleto(
            client,
            { dto: { codigoProposta: unknown(), nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: inDays(5), tipoRegistro: 1 } },
            key(),
          ),
      ],
      [
        'IncluirLancamentoParcela',
        () =>
          receivables.incluirLancamentoParcela(
            client,
            { dto: { codigoProposta: unknown(), nroParcela: 1 }, dtoLancamentoParcela: { vlrPagamento: 10 } },
            key(),
          ),
      ],
      [
        'IncluirLancamentoMultiplasParcelas',
        () =>
          receivables.incluirLancamentoMultiplasParcelas(
            client,
            { dto: { codigoProposta: unknown() }, dtoLancamentoParcelas: [{ nroParcela: 1, vlrPagamento: 10 }] },
            key(),
          ),
      ],
    ])('%s refuses an unknown proposal with UPSTREAM_NOT_FOUND (C0112/V0001)', async (_name, call) => {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(UpstreamNotFoundError);
      expect(codes(error)).toContain('C0112/V0001');
    });

    it('IncluirAssinaturaCCBFinalizada refuses an empty signer list (C0060/V0001)', async () => {
      const created = await newProposal();
      const error = await rejection(signature.incluirAssinaturaCCBFinalizada(client, { dto: { codigoProposta: created.codigo }, assinantes: [] }, key()));
      expect(error).toBeInstanceOf(UpstreamRejectedError);
      expect(codes(error)).toEqual(['C0060/V0001']);
    });

    it.each([
      ['ConsultarPessoa', () => registry.consultarPessoa(client, { filter: { documentoCliente: '' } })],
      ['ConsultaBureauCnpj', () => registry.consultaBureauCnpj(client, { documento: '' })],
    ])('%s rejects a look-up without a document', async (_name, call) => {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(UpstreamRejectedError);
      expect(error.items.length).toBeGreaterThanOrEqual(1);
    });
  });

  it('calls every operation (CancelarProposta only on the sandbox), as stats() counts', () => {
    const called = Object.keys(client.stats().operations).sort();
    const expected = OPERATION_NAMES.filter((name) => kind === 'sandbox' || name !== 'CancelarProposta').sort();
    expect(called).toEqual(expected);
    expect(expected.length).toBe(kind === 'sandbox' ? 18 : 17);
  });
});
