import { describe, expect, it } from '@jest/globals';
import { UpstreamNotFoundError, UpstreamRejectedError } from '../../../src/upstream/errors.js';
import { fromFailure, toFailure } from '../../../src/upstream/reads/failures.js';

describe('cached envelope failures', () => {
  it('come back in their class with every field, and survive JSON', () => {
    const original = new UpstreamRejectedError('rejected by the partner', {
      operation: 'ConsultarProposta',
      status: 422,
      items: [{ code: 'C0060', detail: 'V0002', field: 'situacao', description: 'situação inválida', meaning: 'invalid status' }],
      upstreamMessage: 'situação inválida',
    });
    const back = fromFailure(JSON.parse(JSON.stringify(toFailure(original))) as ReturnType<typeof toFailure>);
    expect(back).toBeInstanceOf(UpstreamRejectedError);
    expect(back.code).toBe('UPSTREAM_REJECTED');
    expect(back.name).toBe('UpstreamRejectedError');
    expect(back.message).toBe('rejected by the partner');
    expect(back.operation).toBe('ConsultarProposta');
    expect(back.status).toBe(422);
    expect(back.items).toEqual([{ code: 'C0060', detail: 'V0002', field: 'situacao', description: 'situação inválida', meaning: 'invalid status' }]);
    expect(back.upstreamMessage).toBe('situação inválida');
  });

  it('are rebuilt without a stack trace, and leave the stack trace limit as it was', () => {
    const limit = Error.stackTraceLimit;
    const back = fromFailure({ code: 'UPSTREAM_NOT_FOUND', message: 'no such proposal', operation: 'ConsultarProposta', items: [] });
    expect(back).toBeInstanceOf(UpstreamNotFoundError);
    expect(back.stack).toBe('UpstreamNotFoundError: no such proposal');
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('fresh').stack).toContain('\n    at ');
  });
});
