import { agendaItemOf, mapAgendaDetail } from '../../../src/graphql/agenda/agenda.mapper.js';
import { nodeId } from '../../../src/graphql/common/node.js';
import { mapBoleto, parseInstallmentList, generatedBoletoNumbers } from '../../../src/graphql/boleto/boleto.mapper.js';
import { mapInstallments, mergeInstallments } from '../../../src/graphql/installment/installment.mapper.js';
import { mapProposal, toProposalSituation } from '../../../src/graphql/proposal/proposal.mapper.js';
import { ProposalSituation } from '../../../src/graphql/proposal/proposal-situation.type.js';
import { Proposal } from '../../../src/graphql/proposal/proposal.type.js';
import { mapBureauReport, mapRegistrationRecord } from '../../../src/graphql/person/registry.mapper.js';
import { mapSimulation } from '../../../src/graphql/simulation/simulation.mapper.js';

describe('proposal mapper', () => {
  it('maps the FGTS record field by field, money as exact strings', () => {
    const proposal = mapProposal(
      {
        Codigo: '9fd5a2e0-10c6-4953-b6de-ccdb0fd760b0',
        DtInclusao: '2026-01-05T10:00:00',
        Situacao: 9,
        VlrFinanciado: 12345.6,
        VlrIOF: 0.1,
        VlrTotalDivida: 13999.99,
        QtdeParcelas: 12,
        PercJurosMensal: 1.99,
        PercCETAnual: 29.123456,
        CodigoProposta: '100003',
        NumeroCCB: '100003',
        PropostaLancamentos: [{ CampoID: 'LIBERACAO', VlrTransacao: 12000, DtPagamento: '2026-01-06T00:00:00Z', Situacao: 1 }],
        CancelamentoFGTS: [{ TipoEvento: 1, VlrBoleto: 2500, NumLinhaDigitavel: '1'.repeat(47), DtEvento: '2026-01-07T00:00:00Z' }],
        Msg: 'ok',
      },
      { id: '9fd5a2e0-10c6-4953-b6de-ccdb0fd760b0' },
    );
    expect(proposal).toBeInstanceOf(Proposal);
    expect(proposal).toMatchObject({
      id: '9fd5a2e0-10c6-4953-b6de-ccdb0fd760b0',
      number: 100003,
      operationCode: null,
      situation: ProposalSituation.DISBURSED,
      situationCode: 9,
      financedAmount: '12345.60',
      iofAmount: '0.10',
      totalDebtAmount: '13999.99',
      tacAmount: null,
      installmentCount: 12,
      monthlyInterestRate: '1.99',
      annualCet: '29.123456',
      ccbNumber: '100003',
      rejectionReason: null,
    });
    expect(proposal.createdAt?.toISOString()).toBe('2026-01-05T10:00:00.000Z');
    expect(proposal.paymentEntries).toHaveLength(1);
    expect(proposal.paymentEntries[0]).toMatchObject({ fieldId: 'LIBERACAO', amount: '12000.00', situationCode: 1, payeeDocument: null });
    expect(proposal.fgtsCancellations[0]).toMatchObject({ eventTypeCode: 1, amount: '2500.00', digitableLine: '1'.repeat(47) });
    expect(Object.keys(proposal)).not.toContain('Msg');
  });

  it('keeps the number and operation code already known, and the raw code of unknown situations', () => {
    const proposal = mapProposal({ Situacao: 42, CodigoProposta: 'ABC-1' }, { id: 'x', number: 7, operationCode: 'OP-7' });
    expect(proposal).toMatchObject({ id: 'x', number: 7, operationCode: 'OP-7', situation: ProposalSituation.UNKNOWN, situationCode: 42 });
    expect(mapProposal({ CodigoProposta: 'ABC-1' }, { id: 'x' }).number).toBeNull();
    expect(toProposalSituation(undefined)).toBeNull();
    expect(toProposalSituation(10)).toBe(ProposalSituation.CEDED);
  });
});

describe('installment mapper', () => {
  it('orders installments, drops items without number and remembers the proposal', () => {
    const items = mapInstallments(
      [
        { nroParcela: 2, vlrParcela: 100.5, dtVencimento: '2026-03-10T00:00:00Z', codigoProposta: 100001 },
        { hasError: false },
        { nroParcela: 1, vlrParcela: 100.5, vlrPago: 100.5, dtPagamento: '2026-02-10T00:00:00Z', situacao: 1 },
      ],
      'p-1',
    );
    expect(items.map((i) => [i.number, i.amount, i.paidAmount, i.situationCode, i.proposalId])).toEqual([
      [1, '100.50', '100.50', 1, 'p-1'],
      [2, '100.50', null, null, 'p-1'],
    ]);
    expect(items[1]?.dueDate).toBe('2026-03-10');
    expect(items[0]?.situation).toBe('SETTLED');
    expect(items[1]?.situation).toBeNull();
  });

  it('merges by number in number order, keeping the first item of a number each read repeats, and an installment only one read lists', () => {
    const parcelas = [{ nroParcela: 3, vlrParcela: 30 }, { nroParcela: 1, vlrParcela: 10 }, { nroParcela: 1, vlrParcela: 11 }, { vlrParcela: 99 }];
    const agenda = [
      { nroParcela: 2, vlrParcela: 20, vlrSaldoAtual: 20 },
      { nroParcela: 1, vlrSaldoAtual: 0 },
      { nroParcela: 1, vlrSaldoAtual: 7 },
    ];
    const merged = mergeInstallments('p-9', parcelas, agenda, null, undefined);
    expect(merged.map((i) => [i.number, i.amount, i.balance])).toEqual([
      [1, '10.00', '0.00'],
      [2, '20.00', '20.00'],
      [3, '30.00', null],
    ]);
    expect(mergeInstallments('p-9', parcelas, agenda, null, [3, 2]).map((i) => [i.number, i.amount, i.balance])).toEqual([
      [2, '20.00', '20.00'],
      [3, '30.00', null],
    ]);
  });

  it('merges the same cached answers once: the same list again, frozen, and a new one for other answers or arguments', () => {
    const parcelas = [
      { nroParcela: 1, vlrParcela: 10 },
      { nroParcela: 2, vlrParcela: 20 },
    ];
    const agenda = [
      { nroParcela: 1, vlrSaldoAtual: 0 },
      { nroParcela: 2, vlrSaldoAtual: 20 },
    ];
    const fetchedAt = new Date(1_000);
    // Seen once (a fresh read): built and not kept; from the second sighting on, the same list.
    const once = mergeInstallments('p-1', parcelas, agenda, fetchedAt, undefined);
    const first = mergeInstallments('p-1', parcelas, agenda, fetchedAt, undefined);
    expect(first).not.toBe(once);
    expect(first).toEqual(once);
    expect(mergeInstallments('p-1', parcelas, agenda, new Date(1_000), undefined)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.map((i) => [i.number, i.amount, i.balance])).toEqual([
      [1, '10.00', '0.00'],
      [2, '20.00', '20.00'],
    ]);
    // Another fetch time, selection of numbers, agenda answer or proposal: merged again.
    expect(mergeInstallments('p-1', parcelas, agenda, new Date(2_000), undefined)).not.toBe(first);
    expect(mergeInstallments('p-1', parcelas, agenda, fetchedAt, [2]).map((i) => i.number)).toEqual([2]);
    expect(mergeInstallments('p-1', parcelas, [{ nroParcela: 1, vlrSaldoAtual: 5 }], fetchedAt, undefined).map((i) => i.balance)).toEqual(['5.00', null]);
    expect(mergeInstallments('p-2', parcelas, agenda, fetchedAt, undefined)[0]?.proposalId).toBe('p-2');
    expect(mergeInstallments('p-1', undefined, undefined, fetchedAt, undefined)).toEqual([]);
  });
});

/** The proposal the mapped records belong to (ids of the entities inside it are minted from it). */
const PROPOSAL = '7b1e3c52-55a4-4b8f-9a57-0d7c1f0e2a11';

describe('agenda mapper', () => {
  it('maps the agenda with boletos, Pix charges and ledger entries per installment', () => {
    const agenda = mapAgendaDetail(
      {
        numeroProposta: 100003,
        situacaoAgenda: 1,
        situacaoProposta: 9,
        documentoFederalCliente: '39053344705',
        vlrFinanciado: 12000,
        parcelas: [
          {
            nroParcela: 2,
            vlrSaldoAtual: 1130.47,
            boletos: [{ numeroBoleto: 5000001, linhaDigitavel: '2'.repeat(47), qrCode: { emv: '000201', imagem: 'iVBOR' } }],
            pix: [{ emv: '000201' }],
          },
          {
            nroParcela: 1,
            vlrSaldoAtual: 0,
            lancamentos: [{ vlrPagamento: 1130.47, vlrSaldoParcela: 0, descLancamento: 'Pagamento' }],
            boletos: [{ numeroBoleto: 5000000, qrCode: { emv: null, imagem: null } as never }],
          },
        ],
      },
      PROPOSAL,
    );
    expect(agenda.proposalSituation).toBe(ProposalSituation.DISBURSED);
    expect(agenda.financedAmount).toBe('12000.00');
    expect(agenda.allInstallments.map((i) => [i.number, i.balance])).toEqual([
      [1, '0.00'],
      [2, '1130.47'],
    ]);
    expect(agenda.allInstallments[0]?.entries[0]).toMatchObject({ paymentAmount: '1130.47', balanceAmount: '0.00', description: 'Pagamento' });
    expect(agenda.allInstallments[0]?.boletos[0]?.qrCode).toBeNull();
    expect(agenda.allInstallments[1]?.boletos[0]).toMatchObject({ number: 5000001, qrCode: { emv: '000201', imageBase64: 'iVBOR' } });
    expect(agenda.allInstallments[1]?.pix[0]).toMatchObject({ emv: '000201', imageBase64: null });
    // Every entity inside the agenda has its Node id, minted from the proposal and its keys.
    expect(agenda.allInstallments.map((i) => i.id)).toEqual([nodeId('AgendaInstallment', PROPOSAL, 1), nodeId('AgendaInstallment', PROPOSAL, 2)]);
    expect(agenda.allInstallments[0]?.entries[0]?.id).toBe(nodeId('LedgerEntry', PROPOSAL, 1, 0));
    expect(agenda.allInstallments[1]?.boletos[0]?.id).toBe(nodeId('AgendaBoleto', PROPOSAL, 2, 5000001));
    expect(agenda.allInstallments[1]?.pix[0]?.id).toBe(nodeId('PixCharge', PROPOSAL, 2, 0));
  });

  it('maps the same cached answer once per proposal', () => {
    const detail = { numeroProposta: 100003, parcelas: [{ nroParcela: 1, vlrSaldoAtual: 0 }] };
    // Seen once: built and not kept; from the second sighting on, the same node.
    const once = mapAgendaDetail(detail, PROPOSAL);
    const agenda = mapAgendaDetail(detail, PROPOSAL);
    expect(agenda).not.toBe(once);
    expect(agenda).toEqual(once);
    expect(mapAgendaDetail(detail, PROPOSAL)).toBe(agenda);
    expect(Object.isFrozen(agenda.allInstallments)).toBe(true);
    expect(mapAgendaDetail({ ...detail }, PROPOSAL)).not.toBe(agenda);
    expect(mapAgendaDetail(detail, '00000000-0000-4000-8000-000000000000').id).toBe(nodeId('AgendaDetail', '00000000-0000-4000-8000-000000000000'));
  });
});

describe('agendaItemOf', () => {
  it('finds the first item of an installment number, ignoring items without a number', () => {
    const detail = {
      parcelas: [{ vlrSaldoAtual: 9 }, { nroParcela: 2, vlrSaldoAtual: 20 }, { nroParcela: 1, vlrSaldoAtual: 10 }, { nroParcela: 2, vlrSaldoAtual: 21 }],
    };
    expect(agendaItemOf(detail, 2)?.vlrSaldoAtual).toBe(20);
    expect(agendaItemOf(detail, 1)?.vlrSaldoAtual).toBe(10);
    expect(agendaItemOf(detail, 3)).toBeUndefined();
    expect(agendaItemOf(detail, 0)).toBeUndefined();
    expect(agendaItemOf({}, 1)).toBeUndefined();
  });
});

describe('boleto mapper', () => {
  it('parses the installment list the upstream sends as text', () => {
    expect(parseInstallmentList('1,2, 3')).toEqual([1, 2, 3]);
    expect(parseInstallmentList('[4;5]')).toEqual([4, 5]);
    expect(parseInstallmentList(null)).toEqual([]);
  });

  it('maps a boleto record, print URL from impressao and null payments', () => {
    const boleto = mapBoleto(
      {
        numeroBoleto: 5000001,
        parcelas: '2',
        valorBoleto: 1130.4,
        vlrPago: null,
        dtCancelamento: null,
        impressao: 'http://x/b/5000001',
        dtVencimento: '2026-03-10T00:00:00Z',
      },
      PROPOSAL,
    );
    expect(boleto).toMatchObject({
      id: nodeId('Boleto', PROPOSAL, 5000001),
      number: 5000001,
      installmentNumbers: [2],
      amount: '1130.40',
      paidAmount: null,
      cancelledAt: null,
      printUrl: 'http://x/b/5000001',
      qrCode: null,
    });
  });

  it('reads the generated boleto numbers from parametros', () => {
    expect(
      generatedBoletoNumbers([
        { nome: 'numeroBoleto', valor: '5000002' },
        { nome: 'linhaDigitavel', valor: '123' },
        { nome: 'numeroBoleto', valor: '5000003' },
      ]),
    ).toEqual([5000002, 5000003]);
    expect(generatedBoletoNumbers(undefined)).toEqual([]);
  });
});

describe('registry mapper', () => {
  it('types the known registry keys and keeps the raw json', () => {
    const json = {
      documento: '11222333000181',
      tipoPessoa: 2,
      nome: 'Empresa X',
      socios: [{ nome: 'Sócio', percentual: 50.5 }],
      enderecos: [{ cidade: 'São Paulo', uf: 'SP' }],
      extra: { a: 1 },
    };
    const record = mapRegistrationRecord(json, '11.222.333/0001-81');
    expect(record).toMatchObject({ document: '11222333000181', personType: 'COMPANY', personTypeCode: 2, name: 'Empresa X', emails: [], raw: json });
    expect(record.partners[0]).toMatchObject({ name: 'Sócio', sharePercent: '50.5' });
    expect(record.addresses[0]).toMatchObject({ city: 'São Paulo', state: 'SP', street: null });
  });

  it('answers empty typed fields for an unknown shape', () => {
    expect(mapRegistrationRecord('text', '52998224725')).toMatchObject({ document: '52998224725', name: null, addresses: [], raw: 'text' });
  });

  it('reads a bureau report from the top level or from its json string', () => {
    const top = mapBureauReport({ msg: 'ok', hasError: false, score: 700, passivos: { quantidade: 2, valorTotal: 1000.1, itens: [{}, {}] } }, '52998224725');
    expect(top).toMatchObject({
      document: '52998224725',
      score: 700,
      liabilities: { count: 2, total: '1000.10' },
      restrictions: null,
      raw: { score: 700, passivos: { quantidade: 2, valorTotal: 1000.1, itens: [{}, {}] } },
    });
    const nested = mapBureauReport({ json: { score: 10, faixaRisco: 'E' } }, '52998224725');
    expect(nested).toMatchObject({ score: 10, riskBand: 'E', raw: { score: 10, faixaRisco: 'E' } });
  });
});

describe('simulation mapper', () => {
  it('maps money with cents and rates as sent', () => {
    expect(mapSimulation({ vlrParcela: 487.4, percCETMensal: 2.71, vlrTAC: 0 })).toMatchObject({
      installmentAmount: '487.40',
      monthlyCet: '2.71',
      tacAmount: '0.00',
      iofAmount: null,
    });
  });
});
