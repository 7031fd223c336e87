import { failWith } from '../envelope.js';
import { type Locator } from '../model/store.js';

/**
 * Readers for request fields. A field that is absent (or null) reads as `undefined`; a field that is
 * present with the wrong JSON type is refused with S0003/V0001 (HTTP 400) naming the field, so junk
 * never reaches the domain code. Numbers sent as strings are wrong types (the contract types them).
 */

export type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An optional nested object. */
export function optObject(parent: Json, key: string, path = key): Json | undefined {
  const value = parent[key];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (!isObject(value)) {
    failWith('WrongType', `O campo ${path} deve ser um objeto.`, path);
  }
  return value;
}

/** A required nested object (S0003/V0002 when absent). */
export function reqObject(parent: Json, key: string, path = key): Json {
  const value = optObject(parent, key, path);
  if (!value) {
    failWith('MissingObject', `O objeto ${path} é obrigatório.`, path);
  }
  return value;
}

export function optString(parent: Json, key: string, path = key): string | undefined {
  const value = parent[key];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'string') {
    failWith('WrongType', `O campo ${path} deve ser texto.`, path);
  }
  return value;
}

export function optNumber(parent: Json, key: string, path = key): number | undefined {
  const value = parent[key];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    failWith('WrongType', `O campo ${path} deve ser numérico.`, path);
  }
  return value;
}

export function optInteger(parent: Json, key: string, path = key): number | undefined {
  const value = optNumber(parent, key, path);
  if (value !== undefined && !Number.isSafeInteger(value)) {
    failWith('WrongType', `O campo ${path} deve ser um número inteiro.`, path);
  }
  return value;
}

export function optBoolean(parent: Json, key: string, path = key): boolean | undefined {
  const value = parent[key];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'boolean') {
    failWith('WrongType', `O campo ${path} deve ser booleano.`, path);
  }
  return value;
}

/**
 * An ISO 8601 date-time without a zone designator read as UTC (the contract: "ISO 8601 date-time in
 * UTC"); JavaScript would read it in the server's local zone. Other strings are returned unchanged.
 */
export function utcIso(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value.trim()) ? `${value.trim()}Z` : value;
}

/** An optional ISO 8601 date-time (or date) string; without a zone it is UTC. */
export function optDate(parent: Json, key: string, path = key): Date | undefined {
  const value = optString(parent, key, path);
  if (value === undefined || value.trim() === '') {
    return undefined;
  }
  const date = new Date(utcIso(value));
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    failWith('WrongType', `O campo ${path} deve ser uma data ISO 8601.`, path);
  }
  return date;
}

/** An optional array (items unchecked; callers check them). */
export function optArray(parent: Json, key: string, path = key): unknown[] | undefined {
  const value = parent[key];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (!Array.isArray(value)) {
    failWith('WrongType', `O campo ${path} deve ser uma lista.`, path);
  }
  return value;
}

/** An array item that must be an object. */
export function itemObject(value: unknown, path: string): Json {
  if (!isObject(value)) {
    failWith('WrongType', `O item ${path} deve ser um objeto.`, path);
  }
  return value;
}

/** The `parametros` list as a name -> value map (later entries win). */
export function parametros(body: Json): Map<string, string> {
  const list = optArray(body, 'parametros') ?? [];
  const out = new Map<string, string>();
  list.forEach((item, i) => {
    const entry = itemObject(item, `parametros[${i}]`);
    const nome = optString(entry, 'nome', `parametros[${i}].nome`);
    const valorRaw = entry.valor;
    const valor = typeof valorRaw === 'number' || typeof valorRaw === 'boolean' ? String(valorRaw) : optString(entry, 'valor', `parametros[${i}].valor`);
    if (nome !== undefined) {
      out.set(nome, valor ?? '');
    }
  });
  return out;
}

/**
 * The proposal locator of `dto` with its members type-checked. `pascal` also reads the /FGTS/
 * spelling (CodigoProposta, CodigoOperacao, NumeroProposta); camelCase is read either way.
 */
export function readLocator(dto: Json, path = 'dto', pascal = false): Locator {
  const pick = (camel: string): string => {
    const pascalKey = camel.charAt(0).toUpperCase() + camel.slice(1);
    return pascal && dto[pascalKey] !== undefined && dto[pascalKey] !== null ? pascalKey : camel;
  };
  const idKey = pick('codigoProposta');
  const opKey = pick('codigoOperacao');
  const numKey = pick('numeroProposta');
  return {
    codigoProposta: optString(dto, idKey, `${path}.${idKey}`),
    codigoOperacao: optString(dto, opKey, `${path}.${opKey}`),
    numeroProposta: optInteger(dto, numKey, `${path}.${numKey}`),
  };
}

/** Whether the locator names anything at all. */
export function hasLocator(locator: Locator): boolean {
  return (
    (typeof locator.codigoProposta === 'string' && locator.codigoProposta.trim() !== '') ||
    (typeof locator.codigoOperacao === 'string' && locator.codigoOperacao.trim() !== '') ||
    typeof locator.numeroProposta === 'number'
  );
}
