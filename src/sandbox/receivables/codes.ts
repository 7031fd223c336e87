import { generatePixPayload } from '@brazilian-utils/brazilian-utils/generate-pix-payload';
import { isValidBoleto } from '@brazilian-utils/brazilian-utils/is-valid-boleto';
import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { Decimal } from 'decimal.js';
import { daysBetween } from '../finance/dates.js';

/*
 * Boleto (FEBRABAN "cobrança bancária", Carta-Circular BCB 2.926/2000) and Pix BR Code (BCB
 * "Manual de Padrões para Iniciação do Pix", EMV QRCPS) codes for the sandbox. Validation and the
 * whole Pix payload come from @brazilian-utils/brazilian-utils; what is written here is what the
 * library cannot do, each part saying why. Reading a due date back from a line is the library's
 * `getBoletoInfo` (with an explicit `referenceDate`), and parsing a Pix payload its `getPixPayloadInfo`.
 */

/** Base date of the due-date factor ("fator de vencimento"): factor 0. */
const FACTOR_BASE = new Date(Date.UTC(1997, 9, 7));
/** Factor 9999 fell on 2025-02-21; from 2025-02-22 the factor restarts at 1000 and cycles every 9000 days. */
const FACTOR_RESET_DAYS = 10_000;

// Hand-written: the library only decodes a factor (inside getBoletoInfo); it has no date -> factor encoder.
/** The FEBRABAN due-date factor of `dueDate`, including the 2025-02-22 restart at 1000. */
export function dueDateFactor(dueDate: Date): number {
  const days = daysBetween(FACTOR_BASE, dueDate);
  if (days < 1000) {
    throw new RangeError('due dates before 2000-07-03 have no factor in the current scheme');
  }
  return days < FACTOR_RESET_DAYS ? days : ((days - FACTOR_RESET_DAYS) % 9000) + 1000;
}

// Hand-written: the library's modulo 10 is internal (not exported); building a line needs the digit, not a yes/no.
/** Modulo-10 check digit of a digitable-line field: weights 2,1,2,1... from the right, product digits summed. */
export function modulo10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let k = digits.length - 1; k >= 0; k--) {
    const product = Number(digits[k]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

// Hand-written: the library's modulo 11 is internal (not exported); building a barcode (and nossoNumeroDv) needs the digit.
/** Modulo-11 general check digit of the barcode: weights 2..9 from the right; results 0, 10 and 11 become 1. */
export function modulo11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let k = digits.length - 1; k >= 0; k--) {
    sum += Number(digits[k]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

export interface BoletoCodesInput {
  /** Three-digit COMPE bank code. */
  bankCode: string;
  /** Amount in reais (up to 99,999,999.99), rounded to the cent. */
  amount: number;
  dueDate: Date;
  /** The bank's 25-digit free field ("campo livre"). */
  freeField: string;
}

// Hand-written: the library's generateBoleto only draws a random slip; it cannot build one from bank, amount, date and free field.
/**
 * The 44-digit barcode and the 47-digit digitable line of a boleto.
 * Barcode: bank (3), currency 9 (1), general check digit (1), due factor (4), amount in cents (10),
 * free field (25). Line: bank+currency+free[0..5) + DV10 | free[5..15) + DV10 | free[15..25) + DV10 |
 * general DV | factor + amount.
 */
export function boletoCodes(input: BoletoCodesInput): { barcode: string; digitableLine: string } {
  if (!/^\d{3}$/.test(input.bankCode)) {
    throw new RangeError('bank code must have 3 digits');
  }
  if (!/^\d{25}$/.test(input.freeField)) {
    throw new RangeError('free field must have 25 digits');
  }
  const cents = new Decimal(input.amount).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  if (cents.isNegative() || cents.greaterThan('9999999999')) {
    throw new RangeError('amount out of the boleto range');
  }
  const factor = String(dueDateFactor(input.dueDate)).padStart(4, '0');
  const amount = cents.toFixed(0).padStart(10, '0');
  const withoutDv = `${input.bankCode}9${factor}${amount}${input.freeField}`;
  const dv = modulo11(withoutDv);
  const barcode = `${withoutDv.slice(0, 4)}${dv}${withoutDv.slice(4)}`;
  return { barcode, digitableLine: digitableLineFromBarcode(barcode) };
}

// Hand-written: the library converts neither way between barcode and digitable line.
/** The 47-digit digitable line of a 44-digit barcode. */
export function digitableLineFromBarcode(barcode: string): string {
  const free = barcode.slice(19);
  const field1 = `${barcode.slice(0, 4)}${free.slice(0, 5)}`;
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  return `${field1}${modulo10(field1)}${field2}${modulo10(field2)}${field3}${modulo10(field3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

export interface ParsedBoleto {
  barcode: string;
  bankCode: string;
  currency: string;
  dueFactor: number;
  /** Amount in reais. */
  amount: number;
  freeField: string;
}

/**
 * Parses and checks a 47-digit digitable line (spaces and dots allowed): the three modulo-10 field
 * check digits and the modulo-11 general check digit (the library's `isValidBoleto`), and currency 9.
 * Returns `undefined` when any check fails.
 */
export function parseDigitableLine(line: string): ParsedBoleto | undefined {
  const d = line.replace(/[\s.]/g, '');
  // Only a 47-digit cobrança line: isValidBoleto also takes 48-digit lines and 44-digit barcodes of arrecadação slips.
  if (!/^\d{47}$/.test(d) || !isValidBoleto(d)) {
    return undefined;
  }
  // Hand-written: the library reads neither the barcode, the factor nor the free field out of a line (getBoletoInfo gives a date and cents).
  const barcode = `${d.slice(0, 4)}${d.slice(32, 47)}${d.slice(4, 9)}${d.slice(10, 20)}${d.slice(21, 31)}`;
  // Hand-written: isValidBoleto does not check the currency digit (a documented leniency); Carta-Circular 2.926 fixes it at 9.
  if (barcode[3] !== '9') {
    return undefined;
  }
  return {
    barcode,
    bankCode: barcode.slice(0, 3),
    currency: barcode.slice(3, 4),
    dueFactor: Number(barcode.slice(5, 9)),
    amount: new Decimal(barcode.slice(9, 19)).div(100).toNumber(),
    freeField: barcode.slice(19),
  };
}

/** Parses and checks a 44-digit barcode (its modulo-11 general check digit and currency 9). */
export function parseBarcode(barcode: string): ParsedBoleto | undefined {
  // isValidBoleto takes no 44-digit cobrança barcode: checked through the line it stands for (whose field digits are computed here).
  return /^\d{44}$/.test(barcode) ? parseDigitableLine(digitableLineFromBarcode(barcode)) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Pix BR Code

export interface PixCopyPasteInput {
  /** A DICT key: CPF, CNPJ, e-mail, mobile phone or EVP (written in its canonical form). */
  key: string;
  /** Amount in reais, rounded half up to the cent. */
  amount: number;
  /** At most 25 characters after ASCII folding (longer names are cut). */
  merchantName: string;
  /** At most 15 characters after ASCII folding (longer names are cut). */
  merchantCity: string;
  /** Up to 25 letters and digits (or "***"). */
  txid: string;
}

/**
 * A static Pix "copia e cola" EMV BR Code (the library's `generatePixPayload`): 00 payload format
 * "01", 26 merchant account (00 GUI "br.gov.bcb.pix", 01 key), 52 MCC "0000", 53 currency "986",
 * 54 amount, 58 "BR", 59 name, 60 city (upper-case ASCII), 62 additional data (05 txid), 63 CRC16.
 * Throws a RangeError when the library refuses the input.
 */
export function pixCopyPaste(input: PixCopyPasteInput): string {
  const payload = generatePixPayload({
    key: input.key,
    // Rounded here: the library refuses an amount with more than two decimals instead of rounding it.
    amount: new Decimal(input.amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
    // Upper-cased here: the library folds to ASCII but keeps the case.
    merchantName: input.merchantName.toUpperCase(),
    merchantCity: input.merchantCity.toUpperCase(),
    // The library writes "***" itself when no txid is given and refuses it as a value.
    txid: input.txid === '***' ? undefined : input.txid,
  });
  if (payload === null) {
    throw new RangeError('pix payload refused: the key must be a DICT key, the amount positive, the txid 1 to 25 letters or digits, name and city non-empty');
  }
  return payload;
}

// ---------------------------------------------------------------------------------------------
// QR code PNG

/** Pixels per QR module in the PNG. */
const QR_SCALE = 4;
/** Quiet zone around the symbol, in modules (ISO/IEC 18004 asks for 4). */
const QR_MARGIN = 4;
/** Rendered images kept by text (least recently used dropped first). */
export const QR_CACHE_MAX = 256;
const qrCache = new Map<string, string>();

const CRC32_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) {
    c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return c >>> 0;
});

/** CRC-32 (ISO-HDLC, as PNG chunks use it). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc = (CRC32_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A 1-bit grayscale PNG of a square module matrix (`dark(row, col)`), `scale` pixels per module and
 * `margin` light modules around it. Rows use filter 0; the image data is zlib-deflated.
 */
export function modulesToPng(size: number, dark: (row: number, col: number) => boolean, scale = QR_SCALE, margin = QR_MARGIN): Buffer {
  const side = (size + 2 * margin) * scale;
  const rowBytes = Math.ceil(side / 8);
  const stride = rowBytes + 1;
  const raw = Buffer.alloc(stride * side, 0xff);
  for (let y = 0; y < side; y++) {
    raw[y * stride] = 0; // filter type None
  }
  // One pixel row per module row, copied to the module's other `scale - 1` pixel rows.
  for (let row = 0; row < size; row++) {
    const first = (row + margin) * scale * stride;
    for (let col = 0; col < size; col++) {
      if (!dark(row, col)) {
        continue;
      }
      for (let x = (col + margin) * scale, end = x + scale; x < end; x++) {
        const at = first + 1 + (x >> 3);
        raw[at] = (raw[at] as number) & ~(0x80 >> (x & 7));
      }
    }
    for (let k = 1; k < scale; k++) {
      raw.copy(raw, first + k * stride, first, first + stride);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PNG image (base64) of a QR code carrying `text`: error-correction level M, 4 pixels per module,
 * a 4-module quiet zone, 1-bit grayscale. The symbol comes from `qrcode`; the PNG is written here
 * (qrcode's own PNG path costs about 400 ms per image under jest). Images are cached by text
 * (the latest {@link QR_CACHE_MAX}).
 */
export async function qrPngBase64(text: string): Promise<string> {
  return Promise.resolve(qrPngBase64Sync(text));
}

/** {@link qrPngBase64} without the promise. */
export function qrPngBase64Sync(text: string): string {
  const cached = qrCache.get(text);
  if (cached !== undefined) {
    qrCache.delete(text);
    qrCache.set(text, cached);
    return cached;
  }
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const png = modulesToPng(modules.size, (row, col) => modules.get(row, col) === 1).toString('base64');
  qrCache.set(text, png);
  if (qrCache.size > QR_CACHE_MAX) {
    qrCache.delete(qrCache.keys().next().value as string);
  }
  return png;
}

/** Entries in the QR image cache (tests). */
export function qrCacheSize(): number {
  return qrCache.size;
}
