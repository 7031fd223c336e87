import { provenNotApplied } from '../../../../src/graphql/runtime/write.js';
import { UpstreamRateLimitedError, UpstreamTimeoutError, UpstreamUnavailableError } from '../../../../src/upstream/index.js';

function withAttempts<T extends { attempts?: { sent: number; unanswered: number } }>(error: T, sent: number, unanswered: number): T {
  error.attempts = { sent, unanswered };
  return error;
}

describe('provenNotApplied', () => {
  it('holds a 5xx answer for proof when every attempt was answered', () => {
    expect(provenNotApplied(withAttempts(new UpstreamUnavailableError('x', { operation: 'IncluirLancamentoParcela', status: 503 }), 2, 0))).toBe(true);
  });

  it('does not when an earlier attempt under the same key went unanswered', () => {
    expect(provenNotApplied(withAttempts(new UpstreamUnavailableError('x', { operation: 'IncluirLancamentoParcela', status: 503 }), 2, 1))).toBe(false);
    expect(provenNotApplied(withAttempts(new UpstreamRateLimitedError('x', { operation: 'IncluirLancamentoParcela', status: 429, local: false }), 2, 1))).toBe(
      false,
    );
  });

  it('holds a deadline that passed before anything was sent for proof (a plain timeout is then the truth)', () => {
    expect(provenNotApplied(withAttempts(new UpstreamTimeoutError('x', { operation: 'IncluirLancamentoParcela' }), 0, 0))).toBe(true);
  });

  it('never a deadline that passed after the request was sent', () => {
    expect(provenNotApplied(withAttempts(new UpstreamTimeoutError('x', { operation: 'IncluirLancamentoParcela' }), 1, 1))).toBe(false);
    expect(provenNotApplied(new UpstreamTimeoutError('x', { operation: 'IncluirLancamentoParcela' }))).toBe(false);
  });
});
