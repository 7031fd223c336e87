/**
 * The request's access record: what one answer gathers and hands to the recorder, and the request id
 * the graph's context factory takes from the HTTP edge (a UUID of its own when none is given).
 */
import { accessKeys, AccessRecorder, Ledger, MemoryAccessStore, MemoryLedgerStore } from '../../../../src/ledger/index.js';
import { AuditTrail, MAX_PURPOSE_LENGTH } from '../../../../src/graphql/runtime/audit.js';
import { buildCreditGraphSchema } from '../../../../src/graphql/schema.js';
import { type GraphContext } from '../../../../src/graphql/runtime/context.js';
import { creditGraph } from '../../../../src/server/graph.js';
import { generateKeyPairSync } from 'node:crypto';
import { createUpstreamClient } from '../../../../src/upstream/index.js';

const keys = accessKeys('unit test audit key, at least 32 characters');

describe('AuditTrail', () => {
  let store: MemoryAccessStore;
  let recorder: AccessRecorder;
  beforeEach(async () => {
    store = new MemoryAccessStore();
    recorder = await AccessRecorder.open(store, { keys, flushMs: 60_000 });
  });
  afterEach(async () => {
    await recorder.close();
  });

  it('makes one record per kind, person and outcome, with every field disclosed, sorted', async () => {
    const trail = new AuditTrail(recorder, 'office', 'req-1', '  credit analysis  ');
    trail.disclose('person', '52998224725', ['name'], 'disclosed');
    trail.disclose('person', '52998224725', ['document', 'name'], 'disclosed');
    trail.disclose('person', '52998224725', ['details'], 'refused');
    trail.disclose('person', '11144477735', ['document'], 'disclosed');
    trail.wrote('IncluirLancamentoParcela', ['proposalId', 'payment'], 'p-1', '52998224725', 'succeeded');
    trail.commit();
    await recorder.flush();
    const records = (await store.chainRecords('access', 0, 10)).map((r) => [r.action, r.kind, r.fields, r.subjectHmac, r.outcome, r.proposalId]);
    expect(records).toEqual([
      ['write', 'IncluirLancamentoParcela', ['payment', 'proposalId'], keys.subject('52998224725'), 'succeeded', 'p-1'],
      ['read', 'person', ['document', 'name'], keys.subject('52998224725'), 'disclosed', null],
      ['read', 'person', ['details'], keys.subject('52998224725'), 'refused', null],
      ['read', 'person', ['document'], keys.subject('11144477735'), 'disclosed', null],
    ]);
    const all = await store.chainRecords('access', 0, 10);
    expect(new Set(all.map((r) => `${r.callerId} ${r.requestId} ${r.purpose}`))).toEqual(new Set(['office req-1 credit analysis']));
  });

  it('commits once: a second commit hands over nothing', async () => {
    const trail = new AuditTrail(recorder, 'office', 'req-1');
    expect(trail.empty).toBe(true);
    trail.disclose('bureau_report', '52998224725', ['score'], 'disclosed');
    expect(trail.empty).toBe(false);
    trail.commit();
    trail.commit();
    expect(recorder.pending).toBe(1);
  });

  it('bounds the purpose and drops a blank one', async () => {
    const trail = new AuditTrail(recorder, 'office', 'req-1', 'x'.repeat(500));
    trail.disclose('person', '52998224725', ['document'], 'disclosed');
    trail.commit();
    trail.purpose = '   ';
    trail.disclose('person', '52998224725', ['document'], 'disclosed');
    trail.commit();
    await recorder.flush();
    expect((await store.chainRecords('access', 0, 10)).map((r) => r.purpose)).toEqual(['x'.repeat(MAX_PURPOSE_LENGTH), null]);
  });
});

describe("the graph's context factory", () => {
  it('carries the request id it is given into the context, and makes one when none is', async () => {
    const upstream = createUpstreamClient({
      baseUrl: 'http://127.0.0.1:9',
      environmentUrl: 'http://127.0.0.1:9',
      authUrl: 'http://127.0.0.1:9',
      clientId: 'unit',
      scope: 'unit',
      privateKeyPem: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    const binding = await creditGraph(upstream, { ledger: new Ledger(new MemoryLedgerStore()) }, undefined, undefined, {
      schema: buildCreditGraphSchema(),
    });
    const given = (await binding.context({ callerId: 'office', fresh: false, requestId: 'req-from-the-edge' })) as GraphContext;
    expect(given.requestId).toBe('req-from-the-edge');
    expect(given.audit.requestId).toBe('req-from-the-edge');
    const made = (await binding.context({ callerId: 'office', fresh: false })) as GraphContext;
    expect(made.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await binding.close?.();
    await upstream.close();
  });
});
