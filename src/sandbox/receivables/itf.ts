/*
 * Interleaved 2 of 5 (ITF), the symbology of the boleto barcode (FEBRABAN: 44 digits, narrow to wide
 * ratio 1:3). Each digit is five elements, two of them wide; digits go in pairs, the first one's
 * pattern on the bars and the second one's on the spaces between them. Start: narrow bar, narrow
 * space, narrow bar, narrow space ("0000"); stop: wide bar, narrow space, narrow bar ("100").
 */

/** Patterns of the digits 0..9, one character per element, 1 = wide. */
export const ITF_PATTERNS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'] as const;
export const ITF_START = '0000';
export const ITF_STOP = '100';
/** Width of a wide element in narrow units. */
export const ITF_WIDE = 3;

/**
 * The element widths (narrow units) of an ITF symbol for `digits` (an even count of digits), from the
 * start pattern to the stop pattern, alternating bar, space, bar, … (it starts and ends with a bar).
 */
export function itfWidths(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) {
    throw new RangeError('ITF encodes a non-empty, even number of digits');
  }
  const width = (c: string): number => (c === '1' ? ITF_WIDE : 1);
  const out = [...ITF_START].map(width);
  for (let k = 0; k < digits.length; k += 2) {
    const bars = ITF_PATTERNS[Number(digits[k])] as string;
    const spaces = ITF_PATTERNS[Number(digits[k + 1])] as string;
    for (let e = 0; e < 5; e++) {
      out.push(width(bars[e] as string), width(spaces[e] as string));
    }
  }
  out.push(...[...ITF_STOP].map(width));
  return out;
}

/**
 * An inline SVG of the ITF symbol: one `<rect>` per bar, `module` user units per narrow unit,
 * a quiet zone of 10 narrow units each side, `height` units tall.
 */
export function itfSvg(digits: string, module = 1, height = 50): string {
  const widths = itfWidths(digits);
  const quiet = 10;
  const total = widths.reduce((a, b) => a + b, 0) + 2 * quiet;
  const rects: string[] = [];
  let x = quiet;
  widths.forEach((w, i) => {
    if (i % 2 === 0) {
      rects.push(`<rect x="${x * module}" y="0" width="${w * module}" height="${height}"/>`);
    }
    x += w;
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="barcode" role="img" aria-label="Código de barras ${digits}" ` +
    `width="${total * module}" height="${height}" viewBox="0 0 ${total * module} ${height}" shape-rendering="crispEdges">` +
    `<rect x="0" y="0" width="${total * module}" height="${height}" fill="#fff"/><g fill="#000">${rects.join('')}</g></svg>`
  );
}
