import { ITF_PATTERNS, itfSvg, itfWidths } from '../../../../src/sandbox/receivables/itf.js';

describe('ITF (Interleaved 2 of 5)', () => {
  it('has the published digit patterns (two wide elements each, all different)', () => {
    expect([...ITF_PATTERNS]).toEqual(['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010']);
  });

  it('encodes start 0000, the pair interleaved (bars of the first digit, spaces of the second), stop 100', () => {
    // "12": bars of 1 = W N N N W, spaces of 2 = N W N N W.
    expect(itfWidths('12')).toEqual([1, 1, 1, 1, 3, 1, 1, 3, 1, 1, 1, 1, 3, 3, 3, 1, 1]);
    expect(itfWidths('90')).toEqual([1, 1, 1, 1, 1, 1, 3, 1, 1, 3, 3, 3, 1, 1, 3, 1, 1]);
  });

  it('gives a 44-digit boleto barcode 405 narrow units and 111 bars', () => {
    const w = itfWidths('2'.repeat(44));
    expect(w).toHaveLength(4 + 22 * 10 + 3);
    expect(w.reduce((a, b) => a + b, 0)).toBe(4 + 22 * 18 + 5);
  });

  it('refuses an odd count or non-digits', () => {
    expect(() => itfWidths('123')).toThrow(RangeError);
    expect(() => itfWidths('')).toThrow(RangeError);
    expect(() => itfWidths('1a')).toThrow(RangeError);
  });

  it('draws one rect per bar after a 10-unit quiet zone', () => {
    const svg = itfSvg('12', 2, 40);
    // 10 + 27 + 10 = 47 units of 2.
    expect(svg).toContain('width="94" height="40" viewBox="0 0 94 40"');
    const rects = [...svg.matchAll(/<rect x="(\d+)" y="0" width="(\d+)" height="40"\/>/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(rects).toEqual([
      [20, 2],
      [24, 2],
      [28, 6],
      [36, 2],
      [44, 2],
      [48, 2],
      [52, 6],
      [64, 6],
      [72, 2],
    ]);
  });
});
