import { createHmac, hkdfSync } from 'node:crypto';
import { createOperationCodeNamespaces, operationCodesOf } from '../../../src/graphql/common/operation-code.js';

const SECRET = 'a test secret of at least thirty-two characters';

describe('createOperationCodeNamespaces', () => {
  const namespaces = createOperationCodeNamespaces(SECRET);

  it('tags a caller with 16 hex characters of an HMAC-SHA256 of its id under a key derived from the secret', () => {
    const key = Buffer.from(hkdfSync('sha256', SECRET, 'credit-graph', 'operation-code namespace', 32));
    expect(namespaces.tagOf('alice')).toBe(createHmac('sha256', key).update('alice').digest('hex').slice(0, 16));
    expect(namespaces.tagOf('alice')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives a caller the same tag on every replica with the same secret, another caller another tag, another secret another tag', () => {
    expect(createOperationCodeNamespaces(SECRET).tagOf('alice')).toBe(namespaces.tagOf('alice'));
    expect(namespaces.tagOf('bob')).not.toBe(namespaces.tagOf('alice'));
    expect(createOperationCodeNamespaces(`${SECRET}!`).tagOf('alice')).not.toBe(namespaces.tagOf('alice'));
  });
});

describe('operationCodesOf', () => {
  const namespaces = createOperationCodeNamespaces(SECRET);
  const alice = operationCodesOf(namespaces, 'alice', false);
  const bob = operationCodesOf(namespaces, 'bob', false);
  const operator = operationCodesOf(namespaces, 'alice', true);

  it("sends a caller's code in its namespace, which never names the caller", () => {
    expect(alice.toPartner('OP-1')).toBe(`${namespaces.tagOf('alice')}-OP-1`);
    expect(alice.toPartner('OP-1')).not.toContain('alice');
    expect(bob.toPartner('OP-1')).not.toBe(alice.toPartner('OP-1'));
  });

  it('shows a caller its own code back, and any other code as the partner holds it', () => {
    expect(alice.fromPartner(alice.toPartner('OP-1'))).toBe('OP-1');
    expect(alice.fromPartner(bob.toPartner('OP-1'))).toBe(bob.toPartner('OP-1'));
    expect(alice.fromPartner('DEMO-DISBURSED')).toBe('DEMO-DISBURSED');
    expect(alice.fromPartner(null)).toBeNull();
    expect(alice.fromPartner(undefined)).toBeNull();
  });

  it('lets a proposals.all caller send and see raw codes', () => {
    expect(operator.toPartner('OP-1')).toBe('OP-1');
    expect(operator.fromPartner(alice.toPartner('OP-1'))).toBe(alice.toPartner('OP-1'));
    expect(operator.fromPartner(null)).toBeNull();
  });
});
