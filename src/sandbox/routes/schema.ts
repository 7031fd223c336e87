import { itemObject, type Json, optArray, optBoolean, optInteger, optNumber, optObject, optString } from './input.js';

/*
 * What each operation route declares of its request and answer (routes/<area>.schemas.ts): one
 * schema that both refuses a request with a field of the wrong JSON type before its handler runs
 * ({@link checkRequest}) and is the operation's entry in the OpenAPI document (openapi.ts).
 */

/** An OpenAPI 3.0 schema object (the subset the routes use). */
export type Schema = Record<string, unknown>;

export const str: Schema = { type: 'string' };
export const int: Schema = { type: 'integer' };
export const num: Schema = { type: 'number' };
export const bool: Schema = { type: 'boolean' };
export const dateTime: Schema = { type: 'string', format: 'date-time' };
export const uuid: Schema = { type: 'string', format: 'uuid' };

export function obj(properties: Record<string, Schema>, required: string[] = []): Schema {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}
export const arr = (items: Schema): Schema => ({ type: 'array', items });
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const fields = (names: string[], type: Schema): Record<string, Schema> => Object.fromEntries(names.map((n) => [n, type]));

export const locator = obj({ codigoProposta: uuid, codigoOperacao: str, numeroProposta: int });
export const agendaLocator = obj({ codigoProposta: uuid, codigoOperacao: str });
export const parametros = arr(ref('Parametro'));

/** The schemas every area's operations refer to. */
export const SHARED_COMPONENTS: Readonly<Record<string, Schema>> = {
  Message: obj({ messageType: int, code: str, context: str, description: str, field: str }),
  MessagePascal: obj({ MessageType: int, Code: str, Context: str, Description: str, Field: str }),
  // A number or boolean `valor` is read as its text.
  Parametro: obj({ nome: str, valor: { oneOf: [str, num, bool] } }),
  Envelope: obj({ msg: str, hasError: bool, messages: arr(ref('Message')), parametros }),
  EnvelopePascal: obj({ Msg: str, HasError: bool, Messages: arr(ref('MessagePascal')) }),
  Locator: locator,
  QrCode: obj({ emv: str, imagem: str }),
};

export const withEnvelope = (extra: Record<string, Schema> = {}): Schema => ({ allOf: [ref('Envelope'), obj(extra)] });
export const withPascalEnvelope = (extra: Record<string, Schema> = {}): Schema => ({ allOf: [ref('EnvelopePascal'), obj(extra)] });

/** One operation's declared request and answer. */
export interface OperationDoc {
  summary: string;
  request: Schema;
  response: Schema;
  /** Named schemas of this operation's own, referred to as `#/components/schemas/<name>`. */
  components?: Readonly<Record<string, Schema>>;
}

/**
 * Refuses `body` when a field its operation declares holds the wrong JSON type (S0003/V0001 naming
 * the field, as the handlers' readers do): objects, arrays, strings, integers, numbers and booleans.
 * Only types: an absent or null field, an undeclared field, a field of several types (`oneOf`) or
 * one marked `x-refused-with` (the operation refuses it with its own catalogue code), formats and
 * lengths are left to the handler.
 */
export function checkRequest(doc: OperationDoc, body: Json): void {
  const components = { ...SHARED_COMPONENTS, ...doc.components };
  const resolve = (schema: Schema): Schema => {
    const target = typeof schema.$ref === 'string' ? components[schema.$ref.split('/').pop() ?? ''] : undefined;
    return target === undefined ? schema : resolve(target);
  };
  const checkProperties = (schema: Schema, value: Json, path: string): void => {
    for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
      checkField(resolve(child), value, key, path === '' ? key : `${path}.${key}`);
    }
  };
  const checkField = (schema: Schema, parent: Json, key: string, path: string): void => {
    if (schema['x-refused-with'] !== undefined) {
      // The operation answers this field's wrong type with its own code.
      return;
    }
    switch (schema.type) {
      case 'object': {
        const value = optObject(parent, key, path);
        if (value !== undefined) {
          checkProperties(schema, value, path);
        }
        return;
      }
      case 'array': {
        const items = resolve((schema.items ?? {}) as Schema);
        optArray(parent, key, path)?.forEach((item, i) => {
          if (items.type === 'object') {
            checkProperties(items, itemObject(item, `${path}[${i}]`), `${path}[${i}]`);
          } else if (items.type !== undefined) {
            checkField(items, { item }, 'item', `${path}[${i}]`);
          }
        });
        return;
      }
      case 'string':
        optString(parent, key, path);
        return;
      case 'integer':
        optInteger(parent, key, path);
        return;
      case 'number':
        optNumber(parent, key, path);
        return;
      case 'boolean':
        optBoolean(parent, key, path);
        return;
      default:
        return;
    }
  };
  if (resolve(doc.request).type === 'object') {
    checkProperties(resolve(doc.request), body, '');
  }
}
