import { AgendaLoader, type AgendaFetchSpec } from '../../../../src/graphql/runtime/agenda.loader.js';
import { type ConsultarDetalhesResponse, UpstreamNotFoundError, UpstreamRejectedError, UpstreamUnavailableError } from '../../../../src/upstream/index.js';

function recording(answer: (id: string) => Promise<ConsultarDetalhesResponse>) {
  const calls: Array<{ id: string } & AgendaFetchSpec> = [];
  const loader = new AgendaLoader((id, spec) => {
    calls.push({ id, ...spec });
    return answer(id);
  });
  return { calls, loader };
}

const detail = (id: string): ConsultarDetalhesResponse => ({ numeroProposta: id.length, parcelas: [{ nroParcela: 1 }] });

describe('AgendaLoader', () => {
  it('collapses every installment number asked for one proposal in one tick into one call', async () => {
    const { calls, loader } = recording(async (id) => detail(id));
    await Promise.all([
      loader.load('a', { numbers: [3] }),
      loader.load('a', { numbers: [1], entries: true }),
      loader.load('b', { numbers: [2] }),
      loader.load('a', { numbers: [3, 2] }),
    ]);
    expect(calls).toEqual([
      { id: 'a', numbers: [1, 2, 3], boletos: false, entries: true },
      { id: 'b', numbers: [2], boletos: false, entries: false },
    ]);
  });

  it('asks for every installment when anyone wants the whole agenda, and serves later asks from it', async () => {
    const { calls, loader } = recording(async (id) => detail(id));
    await Promise.all([loader.load('a', { numbers: [1] }), loader.load('a')]);
    await loader.load('a', { numbers: [5, 6] });
    await loader.load('a');
    expect(calls).toEqual([{ id: 'a', numbers: undefined, boletos: false, entries: false }]);
  });

  it('reuses an earlier call covering the numbers and calls again for new ones', async () => {
    const { calls, loader } = recording(async (id) => detail(id));
    await loader.load('a', { numbers: [1, 2] });
    await loader.load('a', { numbers: [2] });
    await loader.load('a', { numbers: [3] });
    expect(calls.map((c) => c.numbers)).toEqual([[1, 2], [3]]);
  });

  it('brings boletos and entries only when asked, and calls again when an earlier call lacks them', async () => {
    const { calls, loader } = recording(async (id) => detail(id));
    await loader.load('a');
    await loader.load('a', { numbers: [1] });
    await loader.load('a', { numbers: [1], boletos: true });
    await loader.load('a', { boletos: true });
    expect(calls).toEqual([
      { id: 'a', numbers: undefined, boletos: false, entries: false },
      { id: 'a', numbers: [1], boletos: true, entries: false },
      { id: 'a', numbers: undefined, boletos: true, entries: false },
    ]);
  });

  it('reads again after clear', async () => {
    const { calls, loader } = recording(async (id) => detail(id));
    await loader.load('a');
    loader.clear('a');
    await loader.load('a');
    expect(calls).toHaveLength(2);
  });

  it('resolves not found and "no agenda" to null, and other failures to their mapped error, once', async () => {
    const { calls, loader } = recording(async (id) => {
      if (id === 'missing') {
        throw new UpstreamNotFoundError('nf', { operation: 'ConsultarDetalhes', items: [] });
      }
      if (id === 'not-disbursed') {
        throw new UpstreamRejectedError('no agenda', {
          operation: 'ConsultarDetalhes',
          items: [{ code: 'C0200', detail: 'V0001', field: '', description: '', meaning: undefined }],
        });
      }
      throw new UpstreamUnavailableError('503', { operation: 'ConsultarDetalhes', status: 503 });
    });
    await expect(loader.load('missing')).resolves.toBeNull();
    await expect(loader.load('not-disbursed')).resolves.toBeNull();
    await expect(loader.load('down')).rejects.toMatchObject({ extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
    await expect(loader.load('down')).rejects.toMatchObject({ extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
    expect(calls.map((c) => c.id)).toEqual(['missing', 'not-disbursed', 'down']);
    // the same reads tell an unknown proposal from one without agenda, without another call
    await expect(loader.proposalExists('missing')).resolves.toBe(false);
    await expect(loader.proposalExists('not-disbursed')).resolves.toBe(true);
    expect(calls).toHaveLength(3);
  });
});
