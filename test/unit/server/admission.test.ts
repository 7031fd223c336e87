import { ADAPTIVE_FLOOR, createAdmission, mutationReserve } from '../../../src/server/admission.js';

describe('admission', () => {
  it('keeps an eighth of the slots for mutations and refuses past the bound', () => {
    const admission = createAdmission(16);
    expect(mutationReserve(16)).toBe(2);
    const reads = Array.from({ length: 14 }, () => admission.admit(false));
    expect(reads.every((release) => release !== undefined)).toBe(true);
    expect(admission.admit(false)).toBeUndefined();
    expect(admission.refusesEarly()).toBe(false);
    const writes = [admission.admit(true), admission.admit(true)];
    expect(writes.every((release) => release !== undefined)).toBe(true);
    expect(admission.admit(true)).toBeUndefined();
    expect(admission.refusesEarly()).toBe(true);
    writes[0]?.();
    writes[0]?.();
    expect(admission.inFlight).toBe(15);
    admission.close();
  });

  it('keeps a fixed bound without a target delay, whatever the loop does', () => {
    const admission = createAdmission(256);
    const held = Array.from({ length: 200 }, () => admission.admit(false));
    admission.adjust(5000);
    expect(admission.limit).toBe(256);
    held.forEach((release) => release?.());
    admission.close();
  });

  it('shrinks the bound by a quarter while the loop lags with requests in flight, never below the floor, and grows it back by a tenth while refusing', () => {
    const admission = createAdmission(256, { targetDelayMs: 25 });
    const held = Array.from({ length: 200 }, () => admission.admit(false));
    admission.adjust(80);
    expect(admission.limit).toBe(192);
    admission.adjust(80);
    expect(admission.limit).toBe(144);
    // A lag with the loop's load at or under the floor is not the requests' doing: the bound stays.
    held.slice(ADAPTIVE_FLOOR).forEach((release) => release?.());
    expect(admission.inFlight).toBe(ADAPTIVE_FLOOR);
    admission.adjust(500);
    expect(admission.limit).toBe(144);
    // Refused and the loop keeps up: a tenth more each step, up to the configured bound.
    const more = Array.from({ length: 144 - ADAPTIVE_FLOOR }, () => admission.admit(true));
    expect(more.every((release) => release !== undefined)).toBe(true);
    expect(admission.admit(true)).toBeUndefined();
    admission.adjust(5);
    expect(admission.limit).toBe(159);
    admission.adjust(5);
    expect(admission.limit).toBe(159);
    expect(admission.admit(false)).toBeUndefined();
    for (let step = 0; step < 20; step += 1) {
      // Fill every slot the bound now has, then one more is refused.
      while (admission.admit(true) !== undefined) {
        // held until the end
      }
      admission.adjust(5);
    }
    expect(admission.limit).toBe(256);
    held.forEach((release) => release?.());
    more.forEach((release) => release?.());
    admission.close();
  });

  it('never shrinks below the floor', () => {
    const admission = createAdmission(40, { targetDelayMs: 10 });
    Array.from({ length: 40 }, () => admission.admit(true));
    for (let step = 0; step < 10; step += 1) {
      admission.adjust(1000);
    }
    expect(admission.limit).toBe(ADAPTIVE_FLOOR);
    admission.close();
  });
});
