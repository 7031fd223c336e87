import { GLOBAL_TAG, readKey } from '../../../src/upstream/cache.js';
import { MemoryReadCacheStore } from '../../../src/upstream/stores/memory.js';
import {
  BY_OPERATION_CODE_TAG,
  DEFAULT_READ_POLICIES,
  isReadOperation,
  proposalIdOf,
  proposalTag,
  readPoliciesWith,
  readTags,
  WRITE_TOUCHES,
  writeTags,
} from '../../../src/upstream/freshness.js';
import { OPERATION_NAMES } from '../../../src/upstream/operations.js';
import { READ_OPERATIONS } from '../../../src/shared/settings.js';

describe('read cache keys', () => {
  it('keys one read by client, operation and canonical body, as an opaque hash', () => {
    const key = readKey('client-a', 'ConsultaProposta', { dto: { codigoProposta: 'p1', x: 1 } });
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readKey('client-a', 'ConsultaProposta', { dto: { x: 1, codigoProposta: 'p1' } })).toBe(key);
    expect(readKey('client-b', 'ConsultaProposta', { dto: { codigoProposta: 'p1', x: 1 } })).not.toBe(key);
    expect(readKey('client-a', 'ConsultarParcelas', { dto: { codigoProposta: 'p1', x: 1 } })).not.toBe(key);
    // The separator keeps client and operation apart.
    expect(readKey('a', 'bc', {})).not.toBe(readKey('ab', 'c', {}));
    expect(key).toBe(readKey('client-a', 'ConsultaProposta', JSON.parse('{"dto":{"x":1,"codigoProposta":"p1"}}')));
    expect(GLOBAL_TAG).toBe('all');
  });
});

describe('MemoryReadCacheStore', () => {
  let t: number;
  const now = (): number => t;

  beforeEach(() => {
    t = 1000;
  });

  it('keeps an entry until its time to live has passed, the last millisecond included', async () => {
    const store = new MemoryReadCacheStore({ now });
    const { version } = await store.get('k', []);
    expect(version).toBe('0');
    await store.set('k', version, { value: 1, fetchedAt: 1000 }, 500);
    t = 1500;
    expect((await store.get('k', [])).entry).toEqual({ value: 1, fetchedAt: 1000 });
    t = 1501;
    expect((await store.get('k', [])).entry).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('treats a negative time to live as zero', async () => {
    const store = new MemoryReadCacheStore({ now });
    await store.set('k', '0', { value: 1, fetchedAt: 1000 }, -5000);
    expect((await store.get('k', [])).entry).toEqual({ value: 1, fetchedAt: 1000 });
    t = 1001;
    expect((await store.get('k', [])).entry).toBeUndefined();
  });

  it('versions entries by the epochs of the global tag and of its own tags, in order', async () => {
    const store = new MemoryReadCacheStore({ now });
    expect((await store.get('k', ['x', 'y'])).version).toBe('0.0.0');
    await store.invalidate(['y']);
    await store.invalidate(['y', GLOBAL_TAG]);
    expect((await store.get('k', ['x', 'y'])).version).toBe('1.0.2');
    expect((await store.get('k', ['y', 'x'])).version).toBe('1.2.0');
  });

  it('forgets the least recently used entry past maxEntries (a hit makes an entry recent)', async () => {
    const store = new MemoryReadCacheStore({ now, maxEntries: 2 });
    await store.set('a', '0', { value: 'a', fetchedAt: 0 }, 10_000);
    await store.set('b', '0', { value: 'b', fetchedAt: 0 }, 10_000);
    expect(store.size).toBe(2);
    expect((await store.get('a', [])).entry?.value).toBe('a');
    await store.set('c', '0', { value: 'c', fetchedAt: 0 }, 10_000);
    expect(store.size).toBe(2);
    expect((await store.get('b', [])).entry).toBeUndefined();
    expect((await store.get('a', [])).entry?.value).toBe('a');
    expect((await store.get('c', [])).entry?.value).toBe('c');
    // Storing again under the same slot replaces it and makes it recent.
    await store.set('a', '0', { value: 'a2', fetchedAt: 1 }, 10_000);
    await store.set('d', '0', { value: 'd', fetchedAt: 0 }, 10_000);
    expect((await store.get('c', [])).entry).toBeUndefined();
    expect((await store.get('a', [])).entry?.value).toBe('a2');
  });

  it('keeps at least one entry, and 10 000 by default', async () => {
    const one = new MemoryReadCacheStore({ now, maxEntries: 0 });
    await one.set('a', '0', { value: 'a', fetchedAt: 0 }, 10_000);
    expect(one.size).toBe(1);
    await one.set('b', '0', { value: 'b', fetchedAt: 0 }, 10_000);
    expect(one.size).toBe(1);
    expect((await one.get('b', [])).entry?.value).toBe('b');
    const many = new MemoryReadCacheStore({ now });
    for (let i = 0; i < 10_001; i += 1) {
      await many.set(`k${i}`, '0', { value: i, fetchedAt: 0 }, 10_000);
    }
    expect(many.size).toBe(10_000);
    expect((await many.get('k0', [])).entry).toBeUndefined();
    expect((await many.get('k1', [])).entry?.value).toBe(1);
  });

  it('uses the wall clock by default, and forgets everything on close', async () => {
    const store = new MemoryReadCacheStore();
    await store.set('k', '0', { value: 1, fetchedAt: 0 }, 60_000);
    expect((await store.get('k', [])).entry?.value).toBe(1);
    await store.set('gone', '0', { value: 1, fetchedAt: 0 }, -1);
    await new Promise((resolve) => setImmediate(resolve));
    await store.close();
    expect(store.size).toBe(0);
    expect((await store.get('k', [])).entry).toBeUndefined();
  });
});

describe('MemoryReadCacheStore epochs (bounded)', () => {
  it('keeps at most maxEpochs tag epochs, the least recently bumped pushed out first', async () => {
    const store = new MemoryReadCacheStore({ maxEpochs: 2 });
    await store.invalidate(['a']);
    await store.invalidate(['b']);
    await store.invalidate(['c']);
    expect(store.epochCount).toBe(2);
    // 'a' (epoch 1) was pushed out: unknown tags now read 1, never lower than a forgotten tag's epoch.
    expect((await store.get('k', ['a'])).version).toBe('1.1');
    expect((await store.get('k', ['c'])).version).toBe('1.1');
    expect((await store.get('k', ['b'])).version).toBe('1.1');
  });

  it('never brings back an entry stored before its tag was invalidated, however many epochs were pushed out', async () => {
    const store = new MemoryReadCacheStore({ maxEpochs: 1 });
    const before = await store.get('k', ['p']);
    await store.invalidate(['p', 'p', 'p']);
    const current = await store.get('k', ['p']);
    await store.set('k', before.version, { value: 'old', fetchedAt: 1 }, 60_000);
    await store.set('k', current.version, { value: 'new', fetchedAt: 2 }, 60_000);
    for (const tag of ['q', 'r', 's']) {
      await store.invalidate([tag]);
      const seen = await store.get('k', ['p']);
      expect(seen.version).not.toBe(before.version);
      expect(seen.entry?.value).not.toBe('old');
    }
    expect(store.epochCount).toBe(1);
  });

  it('keeps serving an entry stored after its tag last moved while nothing else is pushed out', async () => {
    const store = new MemoryReadCacheStore({ maxEpochs: 2 });
    await store.invalidate(['p']);
    const { version } = await store.get('k', ['p']);
    await store.set('k', version, { value: 'v', fetchedAt: 1 }, 60_000);
    await store.invalidate(['q']);
    expect((await store.get('k', ['p'])).entry).toEqual({ value: 'v', fetchedAt: 1 });
  });

  it('defaults to twice maxEntries, at least 1000', async () => {
    const store = new MemoryReadCacheStore({ maxEntries: 1 });
    await store.invalidate(Array.from({ length: 1001 }, (_, i) => `t${i}`));
    expect(store.epochCount).toBe(1000);
    const larger = new MemoryReadCacheStore({ maxEntries: 600 });
    await larger.invalidate(Array.from({ length: 1201 }, (_, i) => `t${i}`));
    expect(larger.epochCount).toBe(1200);
  });
});

describe('freshness', () => {
  it('names in settings exactly the read operations it holds defaults for', () => {
    expect([...READ_OPERATIONS].sort()).toEqual(Object.keys(DEFAULT_READ_POLICIES).sort());
    expect([...READ_OPERATIONS].sort()).toEqual(OPERATION_NAMES.filter((op) => isReadOperation(op)).sort());
  });

  it("lays the operator's overrides over the defaults, field by field", () => {
    const policies = readPoliciesWith({
      ConsultarParcelas: { freshSeconds: 1 },
      ConsultarPessoa: { freshSeconds: 2, staleWhileRevalidateSeconds: 3, maxStaleSeconds: 4 },
    });
    expect(policies.ConsultarParcelas).toEqual({ freshSeconds: 1, staleWhileRevalidateSeconds: 30, maxStaleSeconds: 300 });
    expect(policies.ConsultarPessoa).toEqual({ freshSeconds: 2, staleWhileRevalidateSeconds: 3, maxStaleSeconds: 4 });
    expect(policies.ConsultaProposta).toEqual(DEFAULT_READ_POLICIES.ConsultaProposta);
    expect(readPoliciesWith()).toEqual(DEFAULT_READ_POLICIES);
  });

  it('documents the default policies in seconds', () => {
    expect(DEFAULT_READ_POLICIES.ConsultarParcelas).toEqual({ freshSeconds: 5, staleWhileRevalidateSeconds: 30, maxStaleSeconds: 300 });
    expect(DEFAULT_READ_POLICIES.CalcularValoresProposta).toEqual({ freshSeconds: 600, staleWhileRevalidateSeconds: 600, maxStaleSeconds: 3600 });
    expect(DEFAULT_READ_POLICIES.ConsultarPessoa).toEqual({ freshSeconds: 3600, staleWhileRevalidateSeconds: 3600, maxStaleSeconds: 86_400 });
    expect(Object.keys(DEFAULT_READ_POLICIES).every((op) => isReadOperation(op as never))).toBe(true);
    expect(isReadOperation('IncluirLancamentoParcela')).toBe(false);
  });

  it.each([
    [{ dto: { codigoProposta: 'p1' } }, 'p1'],
    [{ dto: { CodigoProposta: 'p2' } }, 'p2'],
    [{ CodigoProposta: 'p3' }, 'p3'],
    [{ dto: { codigoProposta: '', CodigoProposta: 'p4' } }, 'p4'],
    [{ dto: { codigoProposta: 5 } }, undefined],
    [null, undefined],
    [{}, undefined],
  ])('finds the proposal of %j: %s', (body, id) => {
    expect(proposalIdOf(body)).toBe(id);
  });

  it('tags a read by its proposal, else by operation code, else not at all', () => {
    expect(proposalTag('p1', 'ConsultarDetalhes')).toBe('p:p1:ConsultarDetalhes');
    expect(readTags('ConsultaProposta', { dto: { codigoProposta: 'p1' } })).toEqual(['p:p1:ConsultaProposta']);
    expect(readTags('ConsultaProposta', { dto: { CodigoOperacao: '123' } })).toEqual([BY_OPERATION_CODE_TAG]);
    expect(readTags('ConsultaProposta', { dto: { codigoOperacao: '123' } })).toEqual(['by-operation-code']);
    expect(readTags('ConsultaProposta', { dto: { codigoOperacao: 123 } })).toEqual([]);
    expect(readTags('ConsultarPessoa', { dto: { documento: '1' } })).toEqual([]);
    expect(readTags('ConsultarPessoa', null)).toEqual([]);
  });

  it('tags a write by exactly what it touched', () => {
    expect(writeTags('IncluirLancamentoParcela', { dto: { codigoProposta: 'p1' } })).toEqual([
      'p:p1:ConsultarDetalhes',
      'p:p1:ConsultarParcelas',
      'p:p1:ConsultarBoletos',
    ]);
    expect(writeTags('IncluirDocumento', { dto: { codigoProposta: 'p1' } })).toEqual(['p:p1:ConsultaProposta', 'by-operation-code']);
    expect(writeTags('CancelarProposta', {}, 'p9')).toEqual([
      'p:p9:ConsultaProposta',
      'p:p9:ConsultarParcelas',
      'p:p9:ConsultarDetalhes',
      'p:p9:ConsultarBoletos',
      'by-operation-code',
    ]);
    expect(writeTags('IncluirManual', { dto: { codigoProposta: 'p1' } })).toEqual(['by-operation-code']);
    expect(writeTags('GerarUnicoBoleto', { dto: { codigoOperacao: '1' } })).toEqual(['all']);
    expect(writeTags('IncluirManual', {})).toEqual(['by-operation-code']);
    expect(WRITE_TOUCHES.IncluirAvalista).toEqual(['ConsultaProposta']);
    expect(WRITE_TOUCHES.IncluirAssinaturaCCBFinalizada).toEqual(['ConsultaProposta']);
    expect(WRITE_TOUCHES.IncluirLancamentoMultiplasParcelas).toEqual(['ConsultarDetalhes', 'ConsultarParcelas', 'ConsultarBoletos']);
    expect(WRITE_TOUCHES.GerarUnicoBoleto).toEqual(['ConsultarDetalhes', 'ConsultarParcelas', 'ConsultarBoletos']);
    expect(WRITE_TOUCHES.GerarMultiplosBoletos).toEqual(['ConsultarDetalhes', 'ConsultarParcelas', 'ConsultarBoletos']);
  });
});
