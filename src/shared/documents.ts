// One module per function: the package's root is a 1.2 MB module (every helper and its data) that
// would be read, compiled and kept in the heap to check two documents.
import { isValidCnpj as libIsValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf as libIsValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';

/** The digits of a string, in order (masks, spaces and letters dropped). */
export function onlyDigits(s: string): string {
  return s.replace(/\D+/g, '');
}

/** Digits plus the usual mask characters only: letters or other symbols make a document invalid. */
const MASKED_DIGITS = /^[\d.\-/\s]+$/;

/** The digits of `s` when it is made only of digits and mask characters, `''` otherwise. */
function documentDigits(s: string): string {
  return MASKED_DIGITS.test(s) ? onlyDigits(s) : '';
}

/**
 * Whether `s` is a CPF with valid check digits. Accepts the usual mask (`123.456.789-09`);
 * reserved repeated-digit numbers are refused.
 */
export function isValidCpf(s: string): boolean {
  const digits = documentDigits(s);
  return digits.length === 11 && libIsValidCpf(digits);
}

/** Whether `s` is a numeric CNPJ with valid check digits. Accepts the usual mask (`12.345.678/0001-95`). */
export function isValidCnpj(s: string): boolean {
  const digits = documentDigits(s);
  return digits.length === 14 && libIsValidCnpj(digits);
}

/** `'cpf'` or `'cnpj'` for a valid document (masked or not), `undefined` otherwise. */
export function documentKind(s: string): 'cpf' | 'cnpj' | undefined {
  if (isValidCpf(s)) {
    return 'cpf';
  }
  if (isValidCnpj(s)) {
    return 'cnpj';
  }
  return undefined;
}
