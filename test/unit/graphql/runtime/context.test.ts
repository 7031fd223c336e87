import { describe, expect, it } from '@jest/globals';
import { createContext } from '../../../../src/graphql/runtime/context.js';
import { Ledger, MemoryLedgerStore } from '../../../../src/ledger/index.js';
import { type UpstreamCaller } from '../../../../src/upstream/index.js';

/** A partner that answers nothing: these tests read no proposal, they build and copy contexts. */
const calls: string[] = [];
const upstream: UpstreamCaller = {
  request: async (operation: string) => {
    calls.push(operation);
    throw new Error('no partner in this test');
  },
} as unknown as UpstreamCaller;

function context() {
  return createContext({ upstream, ledger: new Ledger(new MemoryLedgerStore()), probes: {}, callerId: 'caller-a', requestId: 'req-1' });
}

describe('the request context', () => {
  it('builds its loaders and history only when a resolver first reads them, once per context', () => {
    const ctx = context();
    expect(Object.keys(ctx)).not.toContain('loaders');
    expect(Object.keys(ctx)).not.toContain('history');
    expect(Object.hasOwn(ctx, 'builtLoaders')).toBe(false);
    const loaders = ctx.loaders;
    expect(typeof loaders.proposalById.load).toBe('function');
    expect(ctx.loaders).toBe(loaders);
    expect(ctx.history).toBe(ctx.history);
    expect(Object.hasOwn(ctx, 'builtLoaders')).toBe(true);
    expect(calls).toEqual([]);
  });

  it('copied as Apollo Server copies it for a request, the copy keeps every field and builds loaders of its own', () => {
    const ctx = context();
    const copy = Object.assign(Object.create(Object.getPrototypeOf(ctx) as object) as typeof ctx, ctx);
    expect(copy.callerId).toBe('caller-a');
    expect(copy.requestId).toBe('req-1');
    expect(copy.audit).toBe(ctx.audit);
    expect(copy.ownership).toBe(ctx.ownership);
    const loaders = copy.loaders;
    expect(typeof loaders.installmentsByProposal.load).toBe('function');
    expect(copy.loaders).toBe(loaders);
    expect(Object.hasOwn(ctx, 'builtLoaders')).toBe(false);
  });

  it('never shares loaders between two requests', () => {
    expect(context().loaders).not.toBe(context().loaders);
    expect(context().history).not.toBe(context().history);
  });
});
