import { type ExecutionResult } from 'graphql';
import { CohortMember } from '../../../src/graphql/live/cohorts.js';

const result = (label: string): ExecutionResult => ({ data: { label } });

describe('a cohort member', () => {
  it('hands over the latest state of a proposal when it fell behind, keeps first events and the order of proposals', async () => {
    let gone = 0;
    const member = new CohortMember(0, () => (gone += 1));
    member.offer({ proposalId: 'a', initial: true, result: result('a0') });
    member.offer({ proposalId: 'a', initial: false, result: result('a1') });
    member.offer({ proposalId: 'b', initial: false, result: result('b1') });
    member.offer({ proposalId: 'a', initial: false, result: result('a2') });
    member.offer({ proposalId: 'a', initial: false, result: result('a3') });
    member.offer({ proposalId: 'b', initial: false, result: result('b2') });
    expect(member.queued).toBe(3);
    const taken: unknown[] = [];
    for (let index = 0; index < 3; index += 1) {
      taken.push((await member.next()).value?.data?.label);
    }
    expect(taken).toEqual(['a0', 'a3', 'b2']);
    // Drained: the next change goes straight to the waiting transport.
    const waiting = member.next();
    member.offer({ proposalId: 'a', initial: false, result: result('a4') });
    expect((await waiting).value?.data?.label).toBe('a4');
    await member.return();
    expect(await member.next()).toEqual({ value: undefined, done: true });
    expect(gone).toBe(1);
  });

  it('starts with its first events before what the cohort offered meanwhile', async () => {
    let release: (value: Array<{ proposalId: string; initial: boolean; result: ExecutionResult }>) => void = () => undefined;
    const initials = new Promise<Array<{ proposalId: string; initial: boolean; result: ExecutionResult }>>((resolve) => {
      release = resolve;
    });
    const member = new CohortMember(5, () => undefined, initials);
    const first = member.next();
    member.offer({ proposalId: 'a', initial: false, result: result('a6') });
    release([{ proposalId: 'a', initial: true, result: result('a5') }]);
    expect((await first).value?.data?.label).toBe('a5');
    expect((await member.next()).value?.data?.label).toBe('a6');
  });

  it('tells its hook of each result as the transport takes it, once, and of none replaced or dropped', async () => {
    const told: unknown[] = [];
    const member = new CohortMember(
      0,
      () => undefined,
      undefined,
      (taken) => told.push(taken.data?.['label']),
    );
    member.offer({ proposalId: 'a', initial: false, result: result('a1') });
    member.offer({ proposalId: 'a', initial: false, result: result('a2') });
    expect(told).toEqual([]);
    expect((await member.next()).value?.data?.label).toBe('a2');
    expect(told).toEqual(['a2']);
    // A transport already waiting: told as the result is handed to it.
    const waiting = member.next();
    member.offer({ proposalId: 'b', initial: false, result: result('b1') });
    expect(told).toEqual(['a2', 'b1']);
    expect((await waiting).value?.data?.label).toBe('b1');
    member.offer({ proposalId: 'c', initial: false, result: result('c1') });
    await member.return();
    expect(await member.next()).toEqual({ value: undefined, done: true });
    expect(told).toEqual(['a2', 'b1']);
  });
});
