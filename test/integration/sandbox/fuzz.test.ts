import { OPERATION_DOCS } from '../../../src/sandbox/openapi.js';
import { Random } from '../../../src/sandbox/ids.js';
import { callOperation, sandboxFixture } from '../../helpers/sandbox.js';

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; allOf?: Schema[]; $ref?: string; format?: string };

const FIXED_JUNK = [
  '',
  'null',
  '[]',
  '123',
  '"s"',
  '{}',
  '{"dto":null}',
  '{"dto":"x"}',
  '{"dto":[]}',
  '{"dto":{}}',
  '{"dto":{"codigoProposta":123}}',
  '{"dto":',
  '\u0000',
  '{"__proto__":{"x":1}}',
];

/**
 * Random bodies shaped loosely like each operation's request schema: each field gets, at random,
 * a plausible value, the wrong type, an extreme value or nothing. `ids` seed real locators so some
 * bodies get past the lookup and into the business rules.
 */
function generator(random: Random, components: Record<string, Schema>, ids: { id: string; number: number }[]) {
  const pick = <T>(list: readonly T[]): T => list[random.int(0, list.length - 1)] as T;
  const junk = (): unknown =>
    pick<() => unknown>([
      () => null,
      () => '',
      () => 'x'.repeat(random.int(1, 3000)),
      () => -1,
      () => 0,
      () => 1e308,
      () => 3.14159,
      () => true,
      () => [],
      () => [1, 'a', null],
      () => ({}),
      () => ({ nested: { deeper: [1] } }),
      () => '2026-13-45T99:99:99Z',
      () => '../../etc/passwd',
      () => '52998224725',
      () => pick(ids).id,
    ])();
  const value = (schema: Schema | undefined, depth: number): unknown => {
    if (!schema || depth > 6) {
      return junk();
    }
    if (schema.$ref) {
      return value(components[schema.$ref.split('/').pop() ?? ''], depth + 1);
    }
    if (random.next() < 0.15) {
      return junk();
    }
    if (schema.allOf) {
      return Object.assign({}, ...schema.allOf.map((s) => value(s, depth + 1) as object));
    }
    switch (schema.type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [key, child] of Object.entries(schema.properties ?? {})) {
          if (random.next() < 0.7) {
            out[key] = key === 'codigoProposta' || key === 'CodigoProposta' ? (random.next() < 0.7 ? pick(ids).id : junk()) : value(child, depth + 1);
          }
        }
        return out;
      }
      case 'array':
        return Array.from({ length: random.int(0, 3) }, () => value(schema.items, depth + 1));
      case 'integer':
        return pick([1, 2, 0, -5, 9, 22, 100003, 2 ** 53]);
      case 'number':
        return pick([100, 0.01, -3, 1000000, 2.5]);
      case 'boolean':
        return random.next() < 0.5;
      default:
        return schema.format === 'date-time'
          ? pick(['2026-03-15T00:00:00Z', '2020-01-01', 'ontem'])
          : pick(['abc', 'a@b.com', '11987654321', '52998224725', 'pdf']);
    }
  };
  return value;
}

describe('sandbox under junk input', () => {
  const t = sandboxFixture({ demo: true, now: new Date('2026-03-10T12:00:00Z'), log: () => undefined }, { reset: false });
  let token: string;
  beforeEach(() => {
    token = t.token;
  });

  const paths = Object.keys(OPERATION_DOCS);

  it('covers all 18 operations', () => {
    expect(paths).toHaveLength(18);
  });

  it.each(paths)('never answers %s with a 5xx', async (path) => {
    const doc = await (await fetch(`${t.sandbox.url}/_sandbox/openapi.json`)).json();
    const components = (doc as { components: { schemas: Record<string, Schema> } }).components.schemas;
    const random = new Random(path.length * 7919);
    const ids = t.sandbox.demo.map((d) => ({ id: d.id, number: d.number }));
    const gen = generator(random, components, ids);
    const bodies: string[] = [...FIXED_JUNK];
    const schema = OPERATION_DOCS[path]?.request as Schema;
    for (let i = 0; i < 60; i++) {
      bodies.push(JSON.stringify(gen(schema, 0)));
    }
    const failures: string[] = [];
    for (const body of bodies) {
      const res = await callOperation(t.sandbox, token, path, body);
      const envelopeFlag = res.json && (typeof res.json.hasError === 'boolean' || typeof res.json.HasError === 'boolean');
      if (res.status >= 500 || !envelopeFlag) {
        failures.push(`${res.status} ${body.slice(0, 300)} -> ${JSON.stringify(res.json)?.slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answers the token endpoint with a 5xx', async () => {
    const random = new Random(99);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ iss: t.client.clientId, sub: t.client.clientId, exp: 1e12 })).toString('base64url');
    const assertions = ['', 'a.b.c', `${header}.${payload}.`, `${header}.${payload}`, 'x'.repeat(5000), '....', `${header}.!!!.sig`];
    const bodies: string[] = ['', '=', '&&&', '%zz', 'grant_type=client_credentials&grant_type=client_credentials', 'x'.repeat(70_000)];
    for (const assertion of assertions) {
      bodies.push(
        new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: random.next() < 0.5 ? t.client.clientId : 'x',
          client_assertion: assertion,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        }).toString(),
      );
    }
    for (const body of bodies) {
      const res = await fetch(`${t.sandbox.authUrl}/connect/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
      expect([400, 413]).toContain(res.status);
      expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string');
    }
  });

  it('never answers the admin API with a 5xx', async () => {
    const paths = [
      'reset',
      'clients',
      'calls',
      'proposals',
      `proposals/${t.sandbox.demo[0]?.id ?? ''}/situacao`,
      'clock',
      'faults',
      'tokens/revoke',
      'token-endpoint',
      'openapi.json',
      'nope',
    ];
    const bodies = [
      '',
      '{',
      '[]',
      'null',
      '{"situacao":"2"}',
      '{"now":"ontem"}',
      '{"advanceDays":"1"}',
      '{"errorRate":-1}',
      '{"operations":[1]}',
      '{"down":"yes"}',
      '{"clientId":1}',
    ];
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
        for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : bodies) {
          if (path === 'reset' && method === 'POST') {
            continue;
          }
          const res = await fetch(`${t.sandbox.url}/_sandbox/${path}`, { method, body });
          expect(res.status).toBeLessThan(500);
          await res.arrayBuffer();
        }
      }
    }
    await t.admin.clearFaults();
    await t.admin.setTokenEndpointDown(false);
  });
});
