/**
 * The HTTP export of one person's access records (a data subject's request): audit.read only, the
 * document in the body and never in a log line, JSON or CSV by `?format=` or Accept, paginated by
 * a cursor, and the export itself recorded.
 */
import { accessKeys, MemoryAccessStore } from '../../src/ledger/index.js';
import { createLogger } from '../../src/server/logger.js';
import { AUDIT_EXPORT_PATH } from '../../src/server/audit-export.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const KEYS = { officer: 'officer-key-0123456789', analyst: 'analyst-key-0123456789', web: 'web-key-0123456789abcd' };
const SECRET = 'audit export test key, at least thirty-two characters';
const keys = accessKeys(SECRET);
const CPF = '52998224725';
const CARLA = '39053344705';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HASH = /^[0-9a-f]{64}$/;
const CSV_HEADER = 'at,callerId,requestId,action,kind,fields,outcome,purpose,proposalId,subjectHmac,id,chain,seq,hash';

describe('the HTTP export of a person’s access records', () => {
  let graph: TestGraph;
  const lines: string[] = [];

  beforeAll(async () => {
    graph = await startTestGraph({
      access: { store: new MemoryAccessStore() },
      logger: createLogger('debug', (line) => lines.push(line)),
      env: {
        AUDIT_HMAC_KEY: SECRET,
        GRAPHQL_API_KEYS: [`officer:${KEYS.officer}:audit.read`, `analyst:${KEYS.analyst}:registry.read+proposals.all`, `web:${KEYS.web}`].join(','),
      },
    });
    for (const [document, purpose] of [
      [CPF, 'credit analysis'],
      [CARLA, 'collection'],
      [CPF, 'renewal'],
    ] as const) {
      const result = await graph.execute(
        `query($d: String!, $p: String) { bureauReport(document: $d, purpose: $p) { document score } }`,
        { d: document, p: purpose },
        {
          authorization: `Bearer ${KEYS.analyst}`,
        },
      );
      expect(result.errors).toBeUndefined();
    }
  });
  afterAll(async () => {
    await graph?.close();
  });

  const post = (caller: keyof typeof KEYS | undefined, body: unknown, options: { search?: string; accept?: string; purpose?: string } = {}) =>
    fetch(`${graph.baseUrl}${AUDIT_EXPORT_PATH}${options.search ?? ''}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(caller === undefined ? {} : { authorization: `Bearer ${KEYS[caller]}` }),
        ...(options.accept === undefined ? {} : { accept: options.accept }),
        ...(options.purpose === undefined ? {} : { 'x-purpose': options.purpose }),
      },
      body: JSON.stringify(body),
    });

  /** The records of a JSON export in chain order, newest first (records made within one millisecond tie on time). */
  const recordsOf = async (response: Response): Promise<unknown[]> =>
    ((await response.json()) as { records: Array<{ seq: number }> }).records.sort((a, b) => b.seq - a.seq);

  const bureau = (purpose: string) => ({
    id: expect.stringMatching(UUID),
    at: expect.any(String),
    chain: 'access',
    seq: expect.any(Number),
    hash: expect.stringMatching(HASH),
    callerId: 'analyst',
    requestId: expect.stringMatching(UUID),
    action: 'read',
    kind: 'bureau_report',
    fields: ['document', 'score'],
    subjectHmac: keys.subject(CPF),
    proposalId: null,
    outcome: 'disclosed',
    purpose,
  });
  const exportRecord = (callerId: string, outcome: string) => ({ ...bureau(''), callerId, kind: 'access_records', fields: ['export'], outcome, purpose: null });

  it('answers audit.read a JSON file of exactly the records about the person, newest first, and records the export', async () => {
    const response = await post('officer', { document: '529.982.247-25' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="access-records-${keys.subject(CPF).slice(0, 12)}-\\d{4}-\\d{2}-\\d{2}T\\d{6}Z\\.json"$`),
    );
    expect(response.headers.get('x-record-count')).toBe('2');
    expect(response.headers.get('x-next-cursor')).toBeNull();
    const file = (await response.json()) as { subjectHmac: string; generatedAt: string; records: unknown[] };
    expect(file).toEqual({ subjectHmac: keys.subject(CPF), generatedAt: expect.any(String), records: [bureau('renewal'), bureau('credit analysis')] });
    // The next export lists the first one: an access like any other.
    const again = await recordsOf(await post('officer', { document: CPF }, { purpose: 'data subject request' }));
    expect(again).toEqual([exportRecord('officer', 'disclosed'), bureau('renewal'), bureau('credit analysis')]);
    // The x-purpose of an export is kept on its record.
    const third = await recordsOf(await post('officer', { document: CPF }));
    expect(third.slice(0, 2)).toEqual([{ ...exportRecord('officer', 'disclosed'), purpose: 'data subject request' }, exportRecord('officer', 'disclosed')]);
  });

  it('answers CSV by ?format=csv or by Accept, the same rows', async () => {
    for (const options of [{ search: '?format=csv' }, { accept: 'text/csv' }]) {
      const response = await post('officer', { document: CARLA }, options);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const rows = (await response.text()).split('\r\n');
      expect(rows[0]).toBe(CSV_HEADER);
      const data = rows.slice(1, -1).map((row) => row.split(','));
      // The bureau look-up, and each previous export of this loop.
      const bureauRow = data.at(-1) as string[];
      expect(bureauRow.slice(1, 10)).toEqual([
        'analyst',
        expect.stringMatching(UUID),
        'read',
        'bureau_report',
        'document score',
        'disclosed',
        'collection',
        '',
        keys.subject(CARLA),
      ]);
      expect(data.slice(0, -1).map((row) => row.slice(4, 7))).toEqual(data.slice(0, -1).map(() => ['access_records', 'export', 'disclosed']));
    }
  });

  it('pages by limit and x-next-cursor', async () => {
    const first = await post('officer', { document: CARLA, limit: 1 });
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toEqual(expect.any(String));
    const firstRecords = ((await first.json()) as { records: Array<{ id: string }> }).records;
    expect(firstRecords).toHaveLength(1);
    const all = ((await (await post('officer', { document: CARLA, limit: 100 })).json()) as { records: Array<{ id: string; seq: number }> }).records;
    const second = await post('officer', { document: CARLA, limit: 100, after: cursor });
    const rest = ((await second.json()) as { records: Array<{ id: string }> }).records;
    // `all` came after `first` was recorded: without that record (the highest seq), it is `first` then `rest`, in order.
    const newest = Math.max(...all.map((r) => r.seq));
    expect([...firstRecords, ...rest].map((r) => r.id)).toEqual(all.filter((r) => r.seq !== newest).map((r) => r.id));
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });

  it('refuses another scope with 403 INSUFFICIENT_SCOPE (recorded as refused), no caller with 401, bad input with 400', async () => {
    const refused = await post('web', { document: CPF });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      errors: [{ message: 'Exporting access records needs the audit.read scope.', extensions: { code: 'INSUFFICIENT_SCOPE' } }],
      extensions: { requestId: expect.any(String) },
    });
    const records = await recordsOf(await post('officer', { document: CPF }));
    // The refused attempt, then the export before it (this export's own record comes after its file).
    expect(records.slice(0, 2)).toEqual([exportRecord('web', 'refused'), exportRecord('officer', 'disclosed')]);
    expect((await post(undefined, { document: CPF })).status).toBe(401);
    for (const [body, search, message] of [
      [{ document: '123' }, '', 'document must be a valid CPF or CNPJ.'],
      [{ document: CPF, limit: 0 }, '', 'limit must be an integer from 1 to 10000.'],
      [{ document: CPF, after: 'nope' }, '', 'after must be the x-next-cursor of a previous answer.'],
      [{ document: CPF }, '?format=xml', 'format must be json or csv.'],
    ] as const) {
      const response = await post('officer', body, { search });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([{ message, extensions: { code: 'BAD_USER_INPUT' } }]);
    }
    expect((await fetch(`${graph.baseUrl}${AUDIT_EXPORT_PATH}`)).status).toBe(405);
  });

  it('never logs the document', () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(CPF) || line.includes(CARLA) || line.includes('529.982.247-25'))).toEqual([]);
  });
});
