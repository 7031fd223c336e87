import { randomUUID } from 'node:crypto';
import { parse, validate } from 'graphql';
import { buildCreditGraphSchema } from '../../src/graphql/schema.js';
import { consultaProposta, consultarDetalhes, consultarParcelas, incluirManual } from '../../src/upstream/index.js';
import {
  CoreInstallmentsAgendaDocument,
  InstallmentsOnlyDocument,
  ProposalCoreDocument,
  ProposalsWithInstallmentAgendaDocument,
  SameProposalTwiceDocument,
} from '../helpers/__generated__/graphql.js';
import { type GraphHarness, startGraphHarness } from '../helpers/graph.js';

/** Money as the graph must print it: the upstream number's own digits, at least two decimals. */
function cents(n: number | null | undefined): string {
  const text = String(n);
  const [int, frac = ''] = text.split('.');
  return `${int}.${frac.padEnd(2, '0')}`;
}

describe('the credit graph read path', () => {
  let h: GraphHarness;
  beforeAll(async () => {
    h = await startGraphHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.admin('DELETE', '/_sandbox/faults');
    await h.resetCalls();
  });

  describe('proposal', () => {
    it('answers a query selecting only installments with exactly one ConsultarParcelas call', async () => {
      const { id } = h.demo('disbursed');
      const result = await h.run(InstallmentsOnlyDocument, { id });
      expect(result.errors).toBeUndefined();
      const installments = result.data?.proposal?.installments ?? [];
      const upstream = (await consultarParcelas(h.upstream, { dto: { codigoProposta: id } })).parcelas ?? [];
      expect(installments.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(installments.map((i) => i.amount)).toEqual(upstream.map((p) => cents(p.vlrParcela)));
      expect(installments[0]?.dueDate).toBe((upstream[0]?.dtVencimento as string).slice(0, 10));
      expect(installments[0]?.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const calls = await h.calls();
      expect(calls.operations).toEqual({ '/Proposta/ConsultarParcelas': 2 }); // one by the graph, one by this test
    });

    it('reads core fields, installments and the agenda with exactly 2 calls (installments folded into the agenda), in flight together', async () => {
      const { id, number } = h.demo('disbursed');
      await h.admin('PUT', '/_sandbox/faults', { latencyMs: 150 });
      // 150 ms of latency makes the reads overlap; maxInFlight proves it without timing the request.
      const result = await h.run(CoreInstallmentsAgendaDocument, { id });
      await h.admin('DELETE', '/_sandbox/faults');
      expect(result.errors).toBeUndefined();
      const calls = await h.calls();
      // monthlyInterestRate needs the core record; installments { number amount } come with the agenda.
      expect(calls.total).toBe(2);
      expect(calls.operations).toEqual({
        '/FGTS/ConsultaProposta': 1,
        '/AgendaRecebivel/ConsultarDetalhes': 1,
      });
      expect(calls.maxInFlight).toBe(2);

      const proposal = result.data?.proposal;
      if (!proposal?.agenda) {
        throw new Error('the disbursed demo proposal must have an agenda');
      }
      const record = await consultaProposta(h.upstream, { dto: { CodigoProposta: id } });
      const detail = await consultarDetalhes(h.upstream, {
        dto: { codigoProposta: id },
        dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true },
      });
      expect(proposal.id).toBe(id);
      expect(proposal.number).toBe(number);
      expect(proposal.situation).toBe('DISBURSED');
      expect(proposal.situationCode).toBe(9);
      expect(proposal.financedAmount).toBe(cents(record.VlrFinanciado));
      expect(proposal.monthlyInterestRate).toBe('1.99');
      expect(proposal.agenda.proposalNumber).toBe(number);
      expect(proposal.installments?.map((i) => i.number)).toEqual(detail.parcelas?.map((p) => p.nroParcela));
      const [first, second] = proposal.installments ?? [];
      const upstreamFirst = detail.parcelas?.find((p) => p.nroParcela === 1);
      expect(first?.balance).toBe(cents(upstreamFirst?.vlrSaldoAtual));
      // the demo paid installment 1 in full and issued one boleto (with a Pix QR code) for installment 2
      expect(first?.balance).toBe('0.00');
      expect(first?.paidAmount).toBe(cents(upstreamFirst?.vlrTotalPago));
      expect(first?.entries.map((e) => e.paymentAmount)).toEqual(upstreamFirst?.lancamentos?.map((l) => cents(l.vlrPagamento)));
      expect(first?.entries).toHaveLength(1);
      expect(second?.boletos).toHaveLength(1);
      expect(second?.boletos[0]?.qrCode?.emv).toMatch(/^000201/);
      expect(second?.balance).toBe(cents(detail.parcelas?.find((p) => p.nroParcela === 2)?.vlrSaldoAtual));
      expect(proposal.agenda.totalPaid).toBe(cents(detail.vlrTotalPago));
    });

    it('makes no more calls for the same proposal under two aliases', async () => {
      const { id } = h.demo('disbursed');
      const result = await h.run(SameProposalTwiceDocument, { id });
      expect(result.errors).toBeUndefined();
      expect(result.data?.a?.situation).toBe('DISBURSED');
      expect(result.data?.b?.installments?.map((i) => i.amount)).toEqual(result.data?.a?.installments?.map(() => expect.stringMatching(/^\d+\.\d{2}$/)));
      const calls = await h.calls();
      expect(calls.operations).toEqual({
        '/FGTS/ConsultaProposta': 1,
        '/Proposta/ConsultarParcelas': 1,
        '/AgendaRecebivel/ConsultarDetalhes': 1,
      });
    });

    it('shares no loader between requests', async () => {
      const { id } = h.demo('disbursed');
      await h.run(InstallmentsOnlyDocument, { id });
      await h.run(InstallmentsOnlyDocument, { id });
      expect((await h.calls()).operations).toEqual({ '/Proposta/ConsultarParcelas': 2 });
    });

    it('returns null for an unknown proposal after one call', async () => {
      const result = await h.run(ProposalCoreDocument, { id: randomUUID() });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ proposal: null });
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
    });

    it('returns null for an unknown proposal when only installments are selected, after one call', async () => {
      const result = await h.run(`query($id: ID!) { proposal(id: $id) { installments { number } } }`, { id: randomUUID() });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ proposal: null });
      expect((await h.calls()).operations).toEqual({ '/Proposta/ConsultarParcelas': 1 });
    });

    it.each([
      ['boletos', '{ boletos { number } }', '/AgendaRecebivel/ConsultarBoletos'],
      ['agenda', '{ agenda { totalPaid } }', '/AgendaRecebivel/ConsultarDetalhes'],
      ['client', '{ client { document } }', '/AgendaRecebivel/ConsultarDetalhes'],
    ])('returns null for an unknown proposal when only %s is selected, after one call', async (_name, selection, operation) => {
      const result = await h.run(`query($id: ID!) { proposal(id: $id) ${selection} }`, { id: randomUUID() });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ proposal: null });
      expect((await h.calls()).operations).toEqual({ [operation]: 1 });
    });

    it('answers an approved proposal without agenda with empty boletos and a null agenda', async () => {
      const { id } = h.demo('approved');
      const result = await h.run(`query($id: ID!) { proposal(id: $id) { id agenda { totalPaid } boletos(includeCancelled: true) { number } } }`, { id });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ proposal: { id, agenda: null, boletos: [] } });
      const calls = await h.calls();
      expect(calls.operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1, '/AgendaRecebivel/ConsultarBoletos': 1 });
    });

    it('takes the number from the installments or the agenda when they are read anyway', async () => {
      const { id, number } = h.demo('disbursed');
      const viaInstallments = await h.run(`query($id: ID!) { proposal(id: $id) { number installments { number } } }`, { id });
      expect(viaInstallments.data?.proposal).toMatchObject({ number });
      expect((await h.calls()).operations).toEqual({ '/Proposta/ConsultarParcelas': 1 });
      await h.resetCalls();
      const viaAgenda = await h.run(`query($id: ID!) { proposal(id: $id) { number agenda { totalPaid } } }`, { id });
      expect(viaAgenda.data?.proposal).toMatchObject({ number });
      expect((await h.calls()).operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1 });
      await h.resetCalls();
      const approved = h.demo('approved');
      const noAgendaYet = await h.run(`query($id: ID!) { proposal(id: $id) { number agenda { totalPaid } } }`, { id: approved.id });
      expect(noAgendaYet.data?.proposal).toEqual({ number: approved.number, agenda: null });
      expect((await h.calls()).operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1, '/FGTS/ConsultaProposta': 1 });
    });

    it('confirms a selection of id alone with one ConsultaProposta: null when unknown, the id when known', async () => {
      const unknown = randomUUID();
      const result = await h.run(`query($id: ID!) { proposal(id: $id) { id __typename operationCode } }`, { id: unknown });
      expect(result.errors).toBeUndefined();
      expect(result.data?.proposal).toBeNull();
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });

      await h.resetCalls();
      const { id } = h.demo('approved');
      const known = await h.run(`query($id: ID!) { proposal(id: $id) { id __typename operationCode } }`, { id });
      // operationCode is not in any read: known (looked up by it) or null
      expect(known.data?.proposal).toEqual({ id, __typename: 'Proposal', operationCode: null });
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
    });

    it('shares the confirming read with the core fields: id with financedAmount costs one call', async () => {
      const { id } = h.demo('disbursed');
      const result = await h.run(`query($id: ID!) { a: proposal(id: $id) { id } b: proposal(id: $id) { id financedAmount } }`, { id });
      expect(result.errors).toBeUndefined();
      expect((result.data?.a as { id: string }).id).toBe(id);
      expect((result.data?.b as { financedAmount: string }).financedAmount).toMatch(/^\d+\.\d{2}$/);
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
    });

    it('proposals of ids alone gives null for an unknown id after one ConsultaProposta per distinct id', async () => {
      const known = h.demo('approved').id;
      const unknown = randomUUID();
      const result = await h.run(`query($ids: [ID!]!) { proposals(ids: $ids) { id } }`, { ids: [unknown, known, known] });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ proposals: [null, { id: known }, { id: known }] });
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 2 });
    });

    it('finds a proposal by operation code', async () => {
      const demo = h.demo('approved');
      const result = await h.run(`query($code: String!) { proposalByOperationCode(operationCode: $code) { id number operationCode situation } }`, {
        code: demo.operationCode,
      });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ proposalByOperationCode: { id: demo.id, number: demo.number, operationCode: demo.operationCode, situation: 'APPROVED' } });
      expect((await h.calls()).total).toBe(1);
    });

    it('checks a number or operation code given with the id against the record', async () => {
      const demo = h.demo('disbursed');
      const other = h.demo('approved');
      const query = `query($id: ID!, $number: Int, $code: String) { proposal(id: $id, number: $number, operationCode: $code) { id number operationCode } }`;
      const matching = await h.run(query, { id: demo.id, number: demo.number, code: demo.operationCode });
      expect(matching.data).toEqual({ proposal: { id: demo.id, number: demo.number, operationCode: demo.operationCode } });
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
      expect((await h.run(query, { id: demo.id, number: other.number })).data).toEqual({ proposal: null });
      expect((await h.run(query, { id: demo.id, code: other.operationCode })).data).toEqual({ proposal: null });
      const byCode = `query($code: String!, $number: Int) { proposalByOperationCode(operationCode: $code, number: $number) { id number operationCode } }`;
      expect((await h.run(byCode, { code: demo.operationCode, number: demo.number })).data).toEqual({
        proposalByOperationCode: { id: demo.id, number: demo.number, operationCode: demo.operationCode },
      });
      expect((await h.run(byCode, { code: demo.operationCode, number: other.number })).data).toEqual({ proposalByOperationCode: null });
    });

    it('refuses a lookup without a locator at validation, before anything runs', async () => {
      for (const query of [
        '{ proposal { id } }',
        '{ proposal(number: 100001) { id } }',
        '{ proposalByOperationCode { id } }',
        '{ proposalByOperationCode(number: 100001) { id } }',
      ]) {
        const errors = validate(await buildCreditGraphSchema(), parse(query));
        expect(errors).toHaveLength(1);
        expect(errors[0]?.message).toMatch(
          /^Field "(proposal|proposalByOperationCode)" argument "(id|operationCode)" of type "(ID|String)!" is required, but it was not provided\.$/,
        );
        const result = await h.run(query);
        expect(result.data).toBeUndefined();
        expect(result.errors).toHaveLength(1);
      }
      expect((await h.calls()).total).toBe(0);
    });

    it('lists boletos with one ConsultarBoletos call, filtered by number', async () => {
      const { id } = h.demo('disbursed');
      const result = await h.run(
        `query($id: ID!) { proposal(id: $id) { all: boletos { number installmentNumbers amount dueDate digitableLine qrCode { emv imageBase64 } } none: boletos(numbers: [1]) { number } } }`,
        { id },
      );
      expect(result.errors).toBeUndefined();
      const proposal = result.data?.proposal as {
        all: Array<{ installmentNumbers: number[]; digitableLine: string; qrCode: { emv: string } | null }>;
        none: unknown[];
      };
      expect(proposal.all).toHaveLength(1);
      expect(proposal.all[0]?.installmentNumbers).toEqual([2]);
      expect(proposal.all[0]?.digitableLine).toMatch(/^\d{47}$/);
      expect(proposal.none).toEqual([]);
      expect((await h.calls()).operations).toEqual({ '/AgendaRecebivel/ConsultarBoletos': 1 });
    });
  });

  describe('proposals', () => {
    it('reads 20 proposals with installments and each installment agenda in 20 calls (the agenda carries the installments)', async () => {
      const ids: string[] = [];
      const numbers: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const created = await incluirManual(
          h.upstream,
          {
            dto: {
              documentoCliente: '52998224725',
              tipoContrato: 'CP',
              vlrSolicitado: 1000 + i * 100,
              prazo: 6,
              percJurosNegociado: 2,
              formatoCalculo: 1,
              codigoOperacao: `GRAPH-20-${i}-${randomUUID()}`,
            },
          },
          { idempotencyKey: randomUUID() },
        );
        ids.push(created.codigo as string);
        numbers.push(created.numero as number);
        await h.admin('POST', `/_sandbox/proposals/${created.codigo as string}/situacao`, { situacao: 9 });
      }
      await h.resetCalls();
      const result = await h.run(ProposalsWithInstallmentAgendaDocument, { ids });
      expect(result.errors).toBeUndefined();
      const proposals = result.data?.proposals ?? [];
      expect(proposals.map((p) => p?.id)).toEqual(ids);
      expect(proposals.map((p) => p?.number)).toEqual(numbers);
      for (const p of proposals) {
        expect(p?.installments?.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6]);
        p?.installments?.forEach((i) => expect(i.balance).toMatch(/^\d+\.\d{2}$/));
      }
      const calls = await h.calls();
      expect(calls.total).toBe(20);
      expect(calls.operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 20 });
    });

    it('keeps the order, answers null for unknown ids and reads a repeated id once', async () => {
      const known = h.demo('approved').id;
      const unknown = randomUUID();
      const result = await h.run(`query($ids: [ID!]!) { proposals(ids: $ids) { id situation } }`, { ids: [unknown, known, known] });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ proposals: [null, { id: known, situation: 'APPROVED' }, { id: known, situation: 'APPROVED' }] });
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 2 });
    });

    it('refuses more than 50 ids before any call', async () => {
      const ids = Array.from({ length: 51 }, () => randomUUID());
      const result = await h.run(`query($ids: [ID!]!) { proposals(ids: $ids) { id } }`, { ids });
      expect(result.errors?.[0]?.extensions).toEqual({
        code: 'BAD_USER_INPUT',
        userErrors: [{ code: 'INVALID_INPUT', field: ['ids'], message: 'at most 50 ids per query', upstreamCode: null }],
      });
      expect((await h.calls()).total).toBe(0);
    });
  });
});
