import { type GraphQLFieldResolver, GraphQLError, type GraphQLResolveInfo, type GraphQLSchema, isObjectType, defaultFieldResolver } from 'graphql';
import { type AccessOutcome } from '../../ledger/index.js';
import { onlyDigits } from '../../shared/documents.js';
import { type GraphContext } from '../runtime/context.js';
import { selectedFields } from '../runtime/selection.js';

/** How one field discloses a person's data: the kind of data, whose, and which fields count. */
interface Disclosure {
  kind: string;
  /** The person's document (digits), from the field's parent or arguments. */
  subject: (source: unknown, args: Record<string, unknown>) => string | null;
  /** A look-up by document: its fields are those selected on `type`; otherwise the field itself. */
  type?: string;
  /** The look-up answers an object whose own fields record what they disclose: only a refusal, absence or failure is its record. */
  answeredByFields?: true;
}

const byArgument = (_source: unknown, args: Record<string, unknown>): string | null => (typeof args.document === 'string' ? onlyDigits(args.document) : null);
const byDocument = (source: unknown): string | null => {
  const document = (source as { document?: unknown } | null)?.document;
  return typeof document === 'string' ? document : null;
};

const person: Disclosure = { kind: 'person', subject: byDocument };
const guarantor: Disclosure = { kind: 'guarantor', subject: byDocument };
const signer: Disclosure = { kind: 'signer', subject: byDocument };

/**
 * Every field whose answer discloses a person's data (registry and bureau look-ups, person records, a
 * client's, guarantor's or signer's document and name on a proposal), declared once: each resolution
 * of one notes a disclosure on the request's access record (runtime/audit.ts), including refusals.
 */
export const DISCLOSURES: Readonly<Record<string, Disclosure>> = {
  'Query.registrationRecord': { kind: 'registration_record', subject: byArgument, type: 'RegistrationRecord' },
  'Query.bureauReport': { kind: 'bureau_report', subject: byArgument, type: 'BureauReport' },
  'Query.person': { kind: 'person', subject: byArgument, type: 'Person', answeredByFields: true },
  'Person.document': person,
  'Person.name': person,
  'Person.details': person,
  'Person.raw': person,
  'Person.fetchedAt': person,
  'Guarantor.document': guarantor,
  'Guarantor.name': guarantor,
  'Signer.document': signer,
  'Signer.name': signer,
  'Signer.email': signer,
};

/** Error codes that mean the graph refused the access (no data was read). */
const REFUSALS = new Set(['INSUFFICIENT_SCOPE', 'BAD_USER_INPUT', 'FORBIDDEN', 'UNAUTHENTICATED']);

function failureOutcome(error: unknown): AccessOutcome {
  return error instanceof GraphQLError && REFUSALS.has(String(error.extensions.code)) ? 'refused' : 'failed';
}

/** The fields a look-up of `type` asked for (names only), or the one field resolved (one array per field, reused). */
function fieldsOf(disclosure: Disclosure, info: GraphQLResolveInfo, own: readonly string[]): readonly string[] {
  if (disclosure.type === undefined) {
    return own;
  }
  return [...selectedFields(info, info.fieldNodes, disclosure.type).keys()].filter((name) => name !== '__typename');
}

/** Notes one resolution's outcome on the request's trail (a look-up answered by its fields' own records notes only a failure or absence). */
function note(
  disclosure: Disclosure,
  own: readonly string[],
  source: unknown,
  args: Record<string, unknown>,
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  outcome: AccessOutcome,
): void {
  if (!(disclosure.answeredByFields === true && outcome === 'disclosed')) {
    ctx.audit.disclose(disclosure.kind, disclosure.subject(source, args), fieldsOf(disclosure, info, own), outcome);
  }
}

const outcomeOf = (value: unknown): AccessOutcome => (value === null || value === undefined ? 'not_found' : 'disclosed');

/**
 * `resolve`, noting each resolution on the request's access record. Kept light (a field of a person
 * is resolved for every person of an answer): no closure per call, the field's name array made once,
 * a synchronous answer noted without a promise.
 */
function recorded<TSource>(
  resolve: GraphQLFieldResolver<TSource, GraphContext>,
  disclosure: Disclosure,
  fieldName: string,
): GraphQLFieldResolver<TSource, GraphContext> {
  const own: readonly string[] = Object.freeze([fieldName]);
  return (source, args: Record<string, unknown>, ctx, info) => {
    if (typeof args.purpose === 'string') {
      ctx.audit.purpose = args.purpose;
    }
    let result: unknown;
    try {
      result = resolve(source, args, ctx, info);
    } catch (error) {
      note(disclosure, own, source, args, ctx, info, failureOutcome(error));
      throw error;
    }
    if (result instanceof Promise) {
      return result.then(
        (value: unknown) => {
          note(disclosure, own, source, args, ctx, info, outcomeOf(value));
          return value;
        },
        (error: unknown) => {
          note(disclosure, own, source, args, ctx, info, failureOutcome(error));
          throw error;
        },
      );
    }
    note(disclosure, own, source, args, ctx, info, outcomeOf(result));
    return result;
  };
}

/**
 * Wraps every field of {@link DISCLOSURES} so that its resolution is noted on the request's access
 * record, outside the scope guard (a refused attempt is recorded too). Throws when a declared field is
 * not in the schema, so a renamed field cannot stop being recorded silently. Changes the schema's
 * resolvers in place and returns it.
 */
export function recordDisclosures(schema: GraphQLSchema): GraphQLSchema {
  const missing = new Set(Object.keys(DISCLOSURES));
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) {
      continue;
    }
    for (const field of Object.values(type.getFields())) {
      const coordinate = `${type.name}.${field.name}`;
      const disclosure = DISCLOSURES[coordinate];
      if (disclosure !== undefined) {
        field.resolve = recorded(field.resolve ?? defaultFieldResolver, disclosure, field.name);
        missing.delete(coordinate);
      }
    }
  }
  if (missing.size > 0) {
    throw new Error(`the access record names fields the schema does not have: ${[...missing].join(', ')}`);
  }
  return schema;
}
