import { Faults, FaultSettingsError, normalizeOperationPath, parseFaultSettings } from '../../../src/sandbox/faults.js';

const OP = '/Proposta/ConsultarParcelas';

describe('Faults', () => {
  it('passes everything when unset', () => {
    const f = new Faults(1);
    expect(f.decide(OP)).toEqual({ action: 'pass', latencyMs: 0, status: 200 });
  });

  it('hangs hangNext requests first, then fails failNext, then passes', () => {
    const f = new Faults(1);
    f.set({ hangNext: 1, failNext: 2, errorStatus: 502, latencyMs: 5 });
    expect([OP, OP, OP, OP].map((p) => f.decide(p).action)).toEqual(['hang', 'error', 'error', 'pass']);
    expect(f.get()).toMatchObject({ hangNext: 0, failNext: 0, latencyMs: 5 });
  });

  it('gives the same errorRate sequence for the same seed and another for another seed', () => {
    const run = (seed: number): string[] => {
      const f = new Faults(1);
      f.set({ errorRate: 0.3, seed });
      return Array.from({ length: 50 }, () => f.decide(OP).action);
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
    const errors = run(7).filter((a) => a === 'error').length;
    expect(errors).toBeGreaterThan(5);
    expect(errors).toBeLessThan(30);
  });

  it('applies rate 1 to every request and rate 0 to none', () => {
    const f = new Faults(1);
    f.set({ timeoutRate: 1 });
    expect(f.decide(OP).action).toBe('hang');
    f.set({ errorRate: 0, timeoutRate: 0 });
    expect(f.decide(OP).action).toBe('pass');
  });

  it('matches the 18 operations by default, the token endpoint only when listed', () => {
    const f = new Faults(1);
    f.set({ errorRate: 1 });
    expect(f.decide('/connect/token').action).toBe('pass');
    expect(f.decide(OP).action).toBe('error');
    f.set({ errorRate: 1, operations: ['/connect/token', '/environment/FGTS/CancelarProposta'] });
    expect(f.decide('/connect/token').action).toBe('error');
    expect(f.decide('/FGTS/CancelarProposta').action).toBe('error');
    expect(f.decide(OP).action).toBe('pass');
  });

  it('validates settings', () => {
    expect(() => parseFaultSettings({ errorRate: 1.5 })).toThrow(FaultSettingsError);
    expect(() => parseFaultSettings({ failNext: 1.5 })).toThrow(FaultSettingsError);
    expect(() => parseFaultSettings({ operations: 'x' })).toThrow(FaultSettingsError);
    expect(() => parseFaultSettings([])).toThrow(FaultSettingsError);
    expect(parseFaultSettings({ errorRate: 0.5, retryAfterSeconds: 2 })).toEqual({ errorRate: 0.5, retryAfterSeconds: 2 });
    expect(normalizeOperationPath('/environment/FGTS/CancelarProposta')).toBe('/FGTS/CancelarProposta');
  });

  it('refuses unknown fields and unknown operation paths, naming what is valid', () => {
    const known = [OP, '/FGTS/CancelarProposta', '/connect/token'];
    expect(() => parseFaultSettings({ errorrate: 1 }, known)).toThrow('unknown fields: errorrate; expected latencyMs, errorRate,');
    expect(() => parseFaultSettings({ errorRate: 1, operations: [OP, '/Proposta/ConsultarParcela'] }, known)).toThrow(
      'unknown operation paths: /Proposta/ConsultarParcela; valid paths: /Proposta/ConsultarParcelas, /FGTS/CancelarProposta, /connect/token',
    );
    // Matched as requests are (case-insensitively, /environment/ dropped) and kept in the contract's spelling.
    expect(parseFaultSettings({ operations: ['/proposta/consultarparcelas', '/environment/fgts/cancelarproposta'] }, known)).toEqual({
      operations: [OP, '/FGTS/CancelarProposta'],
    });
  });
});
