import { getBoletoInfo, getPixPayloadInfo, isValidBoleto, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { jest } from '@jest/globals';
import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import {
  boletoCodes,
  digitableLineFromBarcode,
  dueDateFactor,
  modulo10,
  modulo11,
  parseBarcode,
  parseDigitableLine,
  pixCopyPaste,
  qrPngBase64,
  qrPngBase64Sync,
  QR_CACHE_MAX,
  qrCacheSize,
  crc32,
} from '../../../../src/sandbox/receivables/codes.js';

const day = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

describe('dueDateFactor', () => {
  it('counts days from 1997-10-07 until factor 9999 on 2025-02-21', () => {
    expect(dueDateFactor(day('2000-07-03'))).toBe(1000);
    expect(dueDateFactor(day('2018-07-15'))).toBe(7586);
    expect(dueDateFactor(day('2025-02-21'))).toBe(9999);
  });
  it('restarts at 1000 on 2025-02-22', () => {
    expect(dueDateFactor(day('2025-02-22'))).toBe(1000);
    expect(dueDateFactor(day('2025-02-23'))).toBe(1001);
    expect(dueDateFactor(day('2026-06-27'))).toBe(1490);
  });
  it('is read back across the restart by the library, given a reference date', () => {
    // getBoletoInfo answers a calendar day as a local-time Date: read it with the local getters.
    const dueOn = (dueDate: Date, referenceDate: Date): string | undefined => {
      const date = getBoletoInfo(boletoCodes({ bankCode: '001', amount: 1, dueDate, freeField: '0'.repeat(25) }).digitableLine, {
        referenceDate,
      })?.expirationDate;
      return date ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}` : undefined;
    };
    expect(dueOn(day('2026-06-27'), new Date(2026, 4, 1))).toBe('2026-06-27');
    expect(dueOn(day('2018-07-15'), new Date(2019, 0, 1))).toBe('2018-07-15');
    expect(dueOn(day('2025-02-22'), new Date(2025, 0, 1))).toBe('2025-02-22');
  });
});

describe('check digits', () => {
  it('computes the modulo-10 field digits of a published line', () => {
    // 00190.00009 01149.718601 68524.522114 6 75860000102656
    expect(modulo10('001900000')).toBe(9);
    expect(modulo10('0114971860')).toBe(1);
    expect(modulo10('6852452211')).toBe(4);
  });
  it('computes the modulo-11 general digit, mapping 0, 10 and 11 to 1', () => {
    // The line 00190.00009 01149.718601 68524.522114 6 75860000102656 carries general digit 6.
    expect(modulo11('0019' + '75860000102656' + '0000001149718606852452211')).toBe(6);
    // Weighted sum 2+3 = 5 leaves 6; a sum that leaves 0, 10 or 11 gives 1.
    expect(modulo11('11')).toBe(6);
    expect(modulo11('00')).toBe(1);
  });
});

describe('boletoCodes', () => {
  const input = { bankCode: '274', amount: 965.56, dueDate: day('2026-06-27'), freeField: '0000000000000000500000112' };
  const { barcode, digitableLine } = boletoCodes(input);

  it('builds a 44-digit barcode and a 47-digit line', () => {
    expect(barcode).toMatch(/^\d{44}$/);
    expect(digitableLine).toMatch(/^\d{47}$/);
    expect(barcode.slice(0, 4)).toBe('2749');
    expect(barcode.slice(5, 9)).toBe('1490');
    expect(barcode.slice(9, 19)).toBe('0000096556');
    expect(barcode.slice(19)).toBe(input.freeField);
  });

  it('puts the general digit and the field digits where FEBRABAN says', () => {
    expect(barcode[4]).toBe(String(modulo11(barcode.slice(0, 4) + barcode.slice(5))));
    expect(digitableLine[9]).toBe(String(modulo10(digitableLine.slice(0, 9))));
    expect(digitableLine[20]).toBe(String(modulo10(digitableLine.slice(10, 20))));
    expect(digitableLine[31]).toBe(String(modulo10(digitableLine.slice(21, 31))));
    expect(digitableLine[32]).toBe(barcode[4]);
    expect(digitableLine.slice(33)).toBe('14900000096556');
  });

  it('round-trips through the parser', () => {
    expect(parseDigitableLine(digitableLine)).toEqual({
      barcode,
      bankCode: '274',
      currency: '9',
      dueFactor: 1490,
      amount: 965.56,
      freeField: input.freeField,
    });
    expect(parseBarcode(barcode)?.amount).toBe(965.56);
  });

  it('is accepted by an independent implementation (@brazilian-utils)', () => {
    expect(isValidBoleto(digitableLine)).toBe(true);
    const info = getBoletoInfo(digitableLine, { referenceDate: new Date(2026, 4, 1) });
    expect(info?.amount).toBe(96556);
    expect(info?.bankCode).toBe('274');
    expect(info?.expirationDate?.getFullYear()).toBe(2026);
    expect(info?.expirationDate?.getMonth()).toBe(5);
    expect(info?.expirationDate?.getDate()).toBe(27);
  });

  it('refuses a line with a wrong digit anywhere', () => {
    for (const at of [0, 9, 15, 20, 31, 32, 40]) {
      const digit = digitableLine[at] ?? '0';
      const broken = digitableLine.slice(0, at) + String((Number(digit) + 1) % 10) + digitableLine.slice(at + 1);
      expect(parseDigitableLine(broken)).toBeUndefined();
    }
  });

  it('refuses what isValidBoleto accepts but is no cobrança line: a currency other than 9, an arrecadação line or barcode', () => {
    // Currency 0 with every check digit right: the library does not check the currency digit.
    const otherCurrency = digitableLineFromBarcode(`${barcode.slice(0, 3)}0${modulo11(`${barcode.slice(0, 3)}0${barcode.slice(5)}`)}${barcode.slice(5)}`);
    expect(isValidBoleto(otherCurrency)).toBe(true);
    expect(parseDigitableLine(otherCurrency)).toBeUndefined();
    const arrecadacao = '846100000005246100291102005460339004695895061080';
    expect(isValidBoleto(arrecadacao)).toBe(true);
    expect(parseDigitableLine(arrecadacao)).toBeUndefined();
    expect(isValidBoleto('84610000000246100291100054603390069589506108')).toBe(true);
    expect(parseBarcode('84610000000246100291100054603390069589506108')).toBeUndefined();
  });

  it('refuses a barcode with a wrong digit and other masks than spaces and dots', () => {
    expect(parseBarcode(barcode.slice(0, 10) + String((Number(barcode[10]) + 1) % 10) + barcode.slice(11))).toBeUndefined();
    expect(parseBarcode(barcode.slice(1))).toBeUndefined();
    expect(parseDigitableLine(digitableLine.replace(/^(\d{5})/, '$1.').replace(/(\d{5})$/, ' $1'))?.barcode).toBe(barcode);
    expect(parseDigitableLine(digitableLine.replace(/^(\d{5})/, '$1-'))).toBeUndefined();
  });

  it('refuses malformed input', () => {
    expect(() => boletoCodes({ ...input, bankCode: '27' })).toThrow(RangeError);
    expect(() => boletoCodes({ ...input, freeField: '1' })).toThrow(RangeError);
    expect(() => boletoCodes({ ...input, amount: 1e9 })).toThrow(RangeError);
  });
});

describe('pixCopyPaste', () => {
  const input = {
    key: '12345678000195',
    amount: 965.56,
    merchantName: 'Crédito Sandbox Sociedade de Crédito',
    merchantCity: 'São Paulo',
    txid: 'SBX5000001P1',
  };
  const code = pixCopyPaste(input);

  it('writes the EMV fields in order with a CRC16 over the payload', () => {
    // The expected text, CRC included, is what the hand-written encoder this replaced wrote.
    expect(code).toBe(
      '000201' +
        '26360014br.gov.bcb.pix011412345678000195' +
        '52040000' +
        '5303986' +
        '5406965.56' +
        '5802BR' +
        '5925CREDITO SANDBOX SOCIEDADE' +
        '6009SAO PAULO' +
        '62160512SBX5000001P1' +
        '6304306B',
    );
  });

  it('round-trips through the parser', () => {
    expect(getPixPayloadInfo(code)).toEqual({
      key: input.key,
      amount: 965.56,
      txid: 'SBX5000001P1',
      merchantName: 'CREDITO SANDBOX SOCIEDADE',
      merchantCity: 'SAO PAULO',
      pointOfInitiation: 'static',
    });
    expect(isValidPixPayload(code)).toBe(true);
  });

  it('refuses a payload whose CRC does not match', () => {
    expect(getPixPayloadInfo(code.replace('965.56', '965.57'))).toBeNull();
    expect(getPixPayloadInfo(code.slice(0, -1) + (code.endsWith('0') ? '1' : '0'))).toBeNull();
  });

  it('rounds the amount half up to the cent and writes "***" for no txid', () => {
    const other = pixCopyPaste({ ...input, amount: 965.555, txid: '***' });
    expect(other).toContain('5406965.56');
    expect(other).toContain('62070503***6304');
    expect(getPixPayloadInfo(other)).toMatchObject({ amount: 965.56 });
    expect(getPixPayloadInfo(other)?.txid).toBeUndefined();
  });

  it('refuses bad txids, amounts and keys', () => {
    expect(() => pixCopyPaste({ ...input, txid: 'with-dash' })).toThrow(RangeError);
    expect(() => pixCopyPaste({ ...input, txid: 'x'.repeat(26) })).toThrow(RangeError);
    expect(() => pixCopyPaste({ ...input, amount: 0 })).toThrow(RangeError);
    expect(() => pixCopyPaste({ ...input, amount: 0.004 })).toThrow(RangeError);
    expect(() => pixCopyPaste({ ...input, amount: -1 })).toThrow(RangeError);
    expect(() => pixCopyPaste({ ...input, key: 'not a key' })).toThrow(RangeError);
    expect(() => pixCopyPaste({ ...input, merchantCity: ' ' })).toThrow(RangeError);
  });
});

/** Decodes a 1-bit grayscale, non-interlaced PNG with filter-0 rows into rows of 0 (black) / 1 (white). */
function decodePng1(png: Buffer): { width: number; height: number; pixels: number[][] } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('ascii');
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    types.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([...data.subarray(8)]).toEqual([1, 0, 0, 0, 0]);
    } else if (type === 'IDAT') {
      idat.push(data);
    }
    at += 12 + length;
  }
  expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = Math.ceil(width / 8) + 1;
  expect(raw.length).toBe(stride * height);
  const pixels: number[][] = [];
  for (let y = 0; y < height; y++) {
    expect(raw[y * stride]).toBe(0);
    pixels.push(Array.from({ length: width }, (_, x) => ((raw[y * stride + 1 + (x >> 3)] as number) >> (7 - (x & 7))) & 1));
  }
  return { width, height, pixels };
}

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });
});

describe('qrPngBase64', () => {
  it('renders a real PNG of the QR symbol: level M, 4 px per module, 4-module quiet zone', async () => {
    const text = pixCopyPaste({
      key: '7d9f0c2e-5b1a-4c8e-9f3d-2a6b8c1e4f70',
      amount: 1234.56,
      merchantName: 'Sandbox',
      merchantCity: 'Sao Paulo',
      txid: 'SBXQR1',
    });
    const png = Buffer.from(await qrPngBase64(text), 'base64');
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const { width, height, pixels } = decodePng1(png);
    expect(width).toBe((modules.size + 8) * 4);
    expect(height).toBe(width);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const row = Math.floor(y / 4) - 4;
        const col = Math.floor(x / 4) - 4;
        const dark = row >= 0 && row < modules.size && col >= 0 && col < modules.size && modules.get(row, col) === 1;
        if (pixels[y]?.[x] !== (dark ? 0 : 1)) {
          throw new Error(`pixel ${x},${y} differs`);
        }
      }
    }
    // The finder pattern's top-left corner is dark, the quiet zone light.
    expect(pixels[16]?.[16]).toBe(0);
    expect(pixels[15]?.[15]).toBe(1);
  });

  it('caches by text, keeping the latest QR_CACHE_MAX images', async () => {
    const spy = jest.spyOn(QRCode, 'create');
    try {
      const first = await qrPngBase64('cache-me');
      const calls = spy.mock.calls.length;
      expect(await qrPngBase64('cache-me')).toBe(first);
      expect(spy.mock.calls.length).toBe(calls);
      for (let k = 0; k < QR_CACHE_MAX + 10; k++) {
        qrPngBase64Sync(`fill-${k}`);
      }
      expect(qrCacheSize()).toBe(QR_CACHE_MAX);
      const before = spy.mock.calls.length;
      expect(await qrPngBase64('cache-me')).toBe(first);
      expect(spy.mock.calls.length).toBe(before + 1);
    } finally {
      spy.mockRestore();
    }
  });
});
