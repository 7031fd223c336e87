import { type Ledger, type OperationRecord } from '../../../src/ledger/index.js';
import { type OperationName } from '../../../src/upstream/operations.js';
import { UpstreamNotFoundError, UpstreamUnavailableError, type UpstreamCaller } from '../../../src/upstream/index.js';
import { PROBE_FAMILIES, probeForRecord } from '../../../src/graphql/probes.js';
import { probeFamily as familyIn, probeFor as probeIn, type PartnerReads } from '../../../src/graphql/runtime/in-doubt.js';

/** The registry's probes, as runWrite sees them (ctx.probes is PROBE_FAMILIES). */
const probeFamily = (operation: string): ReturnType<typeof familyIn> => familyIn(PROBE_FAMILIES, operation);
const probeFor = (operation: string, partner: PartnerReads): ReturnType<typeof probeIn> => probeIn(PROBE_FAMILIES, operation, partner);

/** A partner that answers ConsultaProposta with `answer` (or throws it), recording each body. */
function partner(answer: unknown): UpstreamCaller & { calls: Array<[OperationName, object]> } {
  const calls: Array<[OperationName, object]> = [];
  return {
    calls,
    request: async <T>(operation: OperationName, body: object): Promise<T> => {
      calls.push([operation, body]);
      if (answer instanceof Error) {
        throw answer;
      }
      return answer as T;
    },
  };
}

const ledger = {} as Ledger;
const CREATE = { id: 'op-1', operation: 'IncluirManual', probe: { operationCode: 'OP-77' } } as unknown as OperationRecord;

describe('probes', () => {
  it.each([
    ['IncluirManual', true],
    ['IncluirLancamentoParcela', true],
    ['IncluirLancamentoMultiplasParcelas', true],
    ['GerarMultiplosBoletos', true],
    ['GerarUnicoBoleto', true],
    ['CancelarProposta', true],
    ['IncluirAvalista', false],
    ['IncluirDocumento', false],
    ['IncluirAssinaturaCCB', false],
    ['toString', false], // not an own member of the table
    ['constructor', false],
  ])('%s has a probe: %s', (operation, has) => {
    expect(probeFamily(operation) !== undefined).toBe(has);
    expect(probeFor(operation, { upstream: partner({}), ledger }) !== undefined).toBe(has);
  });

  it('shares one family between the two payment writes and between the two boleto writes', () => {
    expect(probeFamily('IncluirLancamentoParcela')).toBe(probeFamily('IncluirLancamentoMultiplasParcelas'));
    expect(probeFamily('GerarUnicoBoleto')).toBe(probeFamily('GerarMultiplosBoletos'));
    expect(probeFamily('GerarUnicoBoleto')).not.toBe(probeFamily('IncluirLancamentoParcela'));
  });

  it("finds a created proposal by the operation code it was sent with, shaped like the create's answer", async () => {
    const upstream = partner({ Codigo: 'p-uuid', CodigoProposta: '12345' });
    const probe = probeFor('IncluirManual', { upstream, ledger });
    await expect(probe?.(CREATE)).resolves.toEqual({
      found: true,
      outcome: { codigo: 'p-uuid', numero: 12345 },
      proposalId: 'p-uuid',
      createdProposal: { number: 12345, operationCode: 'OP-77' },
    });
    expect(upstream.calls).toEqual([['ConsultaProposta', { dto: { CodigoOperacao: 'OP-77' } }]]);
  });

  it.each([
    ['an answer without a proposal id', { Codigo: '' }],
    ['an answer with a null id', { Codigo: null }],
    ['"not found"', new UpstreamNotFoundError('ConsultaProposta: not found', { operation: 'ConsultaProposta', status: 400, items: [] })],
  ])('takes %s as proof of absence', async (_name, answer) => {
    const probe = probeFor('IncluirManual', { upstream: partner(answer), ledger });
    await expect(probe?.(CREATE)).resolves.toEqual({ found: false });
  });

  it('lets any other failure through: the write stays in doubt', async () => {
    const failure = new UpstreamUnavailableError('ConsultaProposta: unavailable', { operation: 'ConsultaProposta', status: 503 });
    const probe = probeFor('IncluirManual', { upstream: partner(failure), ledger });
    await expect(probe?.(CREATE)).rejects.toBe(failure);
  });

  it('gives the reconciler no probe for a record without probe data', async () => {
    const upstream = partner({ Codigo: 'p-uuid', CodigoProposta: '1' });
    const forRecord = probeForRecord(upstream, ledger);
    expect(forRecord({ ...CREATE, probe: null } as OperationRecord)).toBeUndefined();
    expect(forRecord({ ...CREATE, operation: 'IncluirAvalista' } as OperationRecord)).toBeUndefined();
    const probe = forRecord(CREATE);
    await expect(probe?.(CREATE)).resolves.toMatchObject({ found: true, proposalId: 'p-uuid' });
  });
});
