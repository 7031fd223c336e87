/**
 * The circuit breaker's rules on a clock the test moves: what opens it, what a refused call is
 * told, the half-open probe and what each of its verdicts does.
 */
import { BREAKER_DEFAULTS, type BreakerTicket, CircuitBreaker } from '../../../src/upstream/breaker.js';

describe('CircuitBreaker', () => {
  let clock: number;
  const breaker = (options: ConstructorParameters<typeof CircuitBreaker>[0] = {}): CircuitBreaker => new CircuitBreaker({ now: () => clock, ...options });
  const ticket = (b: CircuitBreaker): BreakerTicket => {
    const admitted = b.admit();
    if ('refused' in admitted) {
      throw new Error('refused');
    }
    return admitted;
  };
  const fail = (b: CircuitBreaker, times: number): void => {
    for (let i = 0; i < times; i += 1) {
      b.settle(ticket(b), 'failure');
    }
  };

  beforeEach(() => {
    clock = 1_000_000;
  });

  it('defaults to 5 failures within 30 s and a 15 s cool-down', () => {
    expect(BREAKER_DEFAULTS).toEqual({ failureThreshold: 5, windowMs: 30_000, coolDownMs: 15_000 });
    const b = breaker();
    fail(b, 4);
    expect(b.snapshot()).toEqual({ state: 'closed', consecutiveFailures: 4, opened: 0, rejected: 0 });
    clock += 30_000;
    fail(b, 1);
    expect(b.snapshot()).toEqual({ state: 'open', consecutiveFailures: 5, opened: 1, rejected: 0, retryInMs: 15_000 });
    clock += 14_999;
    expect(b.state()).toBe('open');
    clock += 1;
    expect(b.state()).toBe('half-open');
  });

  it('starts a new streak after a failure further than the window from the previous one', () => {
    const b = breaker({ failureThreshold: 3, windowMs: 1000 });
    fail(b, 2);
    clock += 1001;
    fail(b, 2);
    expect(b.snapshot()).toMatchObject({ state: 'closed', consecutiveFailures: 2 });
    clock += 1000;
    fail(b, 1);
    expect(b.snapshot()).toMatchObject({ state: 'open', consecutiveFailures: 3, opened: 1 });
  });

  it('ends the streak on a success, and a neutral call changes nothing', () => {
    const b = breaker({ failureThreshold: 2 });
    fail(b, 1);
    b.settle(ticket(b), 'neutral');
    expect(b.snapshot()).toMatchObject({ state: 'closed', consecutiveFailures: 1 });
    b.settle(ticket(b), 'success');
    expect(b.snapshot()).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
    fail(b, 1);
    expect(b.state()).toBe('closed');
  });

  it('refuses every call while open, saying how long until a probe, and counts them', () => {
    const b = breaker({ failureThreshold: 1, coolDownMs: 10_000 });
    fail(b, 1);
    clock += 4000;
    expect(b.admit()).toEqual({ refused: true, retryInMs: 6000 });
    expect(b.admit()).toEqual({ refused: true, retryInMs: 6000 });
    expect(b.snapshot()).toEqual({ state: 'open', consecutiveFailures: 1, opened: 1, rejected: 2, retryInMs: 6000 });
  });

  it('lets one probe through after the cool-down, refuses the others meanwhile (retry in 0), and closes on its success', () => {
    const b = breaker({ failureThreshold: 1, coolDownMs: 100 });
    fail(b, 1);
    clock += 100;
    const probe = ticket(b);
    expect(probe).toEqual({ probe: true });
    expect(b.admit()).toEqual({ refused: true, retryInMs: 0 });
    expect(b.snapshot()).toEqual({ state: 'half-open', consecutiveFailures: 1, opened: 1, rejected: 1 });
    b.settle(probe, 'success');
    expect(b.snapshot()).toEqual({ state: 'closed', consecutiveFailures: 0, opened: 1, rejected: 1 });
    expect(b.admit()).toEqual({ probe: false });
  });

  it('opens again for a whole cool-down when the probe fails', () => {
    const b = breaker({ failureThreshold: 2, coolDownMs: 100 });
    fail(b, 2);
    clock += 150;
    b.settle(ticket(b), 'failure');
    expect(b.snapshot()).toEqual({ state: 'open', consecutiveFailures: 2, opened: 2, rejected: 0, retryInMs: 100 });
  });

  it('lets the next call probe when the probe said nothing (cancelled)', () => {
    const b = breaker({ failureThreshold: 1, coolDownMs: 100 });
    fail(b, 1);
    clock += 100;
    b.settle(ticket(b), 'neutral');
    expect(b.state()).toBe('half-open');
    expect(b.admit()).toEqual({ probe: true });
  });

  it('does not reopen (nor count another opening) on failures of calls let through before it opened', () => {
    const b = breaker({ failureThreshold: 1, coolDownMs: 100 });
    const early = ticket(b);
    fail(b, 1);
    clock += 50;
    b.settle(early, 'failure');
    expect(b.snapshot()).toEqual({ state: 'open', consecutiveFailures: 2, opened: 1, rejected: 0, retryInMs: 50 });
  });

  it('keeps one probe at a time when a call let through before it opened settles meanwhile (retry in 0, not less)', () => {
    const b = breaker({ failureThreshold: 1, coolDownMs: 100 });
    const early = ticket(b);
    fail(b, 1);
    clock += 150;
    expect(ticket(b)).toEqual({ probe: true });
    b.settle(early, 'neutral');
    expect(b.admit()).toEqual({ refused: true, retryInMs: 0 });
    expect(b.snapshot()).toEqual({ state: 'half-open', consecutiveFailures: 1, opened: 1, rejected: 1 });
  });

  it('takes a threshold below 1 as 1 and negative times as 0', () => {
    const b = breaker({ failureThreshold: 0, coolDownMs: -5, windowMs: -5 });
    fail(b, 1);
    expect(b.state()).toBe('half-open');
  });
});
