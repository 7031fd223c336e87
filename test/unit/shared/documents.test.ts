import { documentKind, isValidCnpj, isValidCpf, onlyDigits } from '../../../src/shared/documents.js';

describe('documents', () => {
  it('keeps only digits', () => {
    expect(onlyDigits('123.456.789-09')).toBe('12345678909');
    expect(onlyDigits('12.345.678/0001-95')).toBe('12345678000195');
  });
  it('validates CPF check digits, masked or not', () => {
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf('12345678909')).toBe(true);
    expect(isValidCpf('12345678900')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('1234567890a9')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });
  it('validates numeric CNPJ check digits, masked or not', () => {
    expect(isValidCnpj('12.345.678/0001-95')).toBe(true);
    expect(isValidCnpj('12345678000195')).toBe(true);
    expect(isValidCnpj('12345678000190')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('12345678909')).toBe(false);
  });
  it('tells a CPF from a CNPJ', () => {
    expect(documentKind('123.456.789-09')).toBe('cpf');
    expect(documentKind('12345678000195')).toBe('cnpj');
    expect(documentKind('123')).toBeUndefined();
  });
});
