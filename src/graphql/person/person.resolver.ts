import { type GraphQLResolveInfo } from 'graphql';
import { Args, Ctx, FieldResolver, ID, Info, Query, Resolver, Root, type ResolverInterface } from 'type-graphql';
import { fetchedAtOf } from '../../upstream/index.js';
import { selectedFields } from '../runtime/selection.js';
import { type GraphContext } from '../runtime/context.js';
import { insufficientScope } from '../runtime/errors.js';
import { DocumentArgs } from './registry.input.js';
import { mapRegistrationRecord } from './registry.mapper.js';
import { type RegistrationRecord } from './registry.type.js';
import { personRecordName, personReference } from './person.mapper.js';
import { Person } from './person.type.js';

/** Person fields answered without the ConsultarPessoa record. */
const WITHOUT_RECORD = new Set(['__typename', 'id', 'document']);

/**
 * Resolves a person by document for a query or an entity reference: when a field needing the
 * record is selected, the record is read (one call per document) and an unknown person is `null`;
 * otherwise no call is made.
 */
export async function resolvePerson(ctx: GraphContext, document: string, info: GraphQLResolveInfo, typeNodes = info.fieldNodes): Promise<Person | null> {
  const person = personReference(document);
  const needsRecord = [...selectedFields(info, typeNodes, 'Person').keys()].some((name) => !WITHOUT_RECORD.has(name));
  // Without registry.read (an entity reference; Query.person itself needs it) nothing is read: the
  // record's fields then answer INSUFFICIENT_SCOPE, before any partner call.
  if (!needsRecord || !ctx.scopes.has('registry.read')) {
    return person;
  }
  return (await ctx.loaders.personByDocument.load(person.document)) ? person : null;
}

/** `Query.person` and the fields of `Person` read from Pessoa/ConsultarPessoa. */
@Resolver((_of) => Person)
export class PersonResolver implements ResolverInterface<Person> {
  @Query((_returns) => Person, {
    nullable: true,
    description:
      'A person by CPF or CNPJ; null when the partner has no record. One call, only when a field other than document is selected. Upstream: Pessoa/ConsultarPessoa.',
  })
  person(@Args((_type) => DocumentArgs) { document }: DocumentArgs, @Ctx() ctx: GraphContext, @Info() info: GraphQLResolveInfo): Promise<Person | null> {
    return resolvePerson(ctx, document, info);
  }

  @FieldResolver((_returns) => ID)
  id(@Root() person: Person, @Ctx() ctx: GraphContext): string {
    return ctx.personIds.encode(person.document);
  }

  @FieldResolver()
  async name(@Root() person: Person, @Ctx() ctx: GraphContext): Promise<string | null> {
    if (person.knownName) {
      return person.knownName;
    }
    if (!ctx.scopes.has('registry.read')) {
      // The name is not known from the proposal: it would take a look-up of the person's record.
      throw insufficientScope('registry.read');
    }
    const record = await ctx.loaders.personByDocument.load(person.document);
    return record ? personRecordName(record.json) : null;
  }

  @FieldResolver()
  async details(@Root() person: Person, @Ctx() ctx: GraphContext): Promise<RegistrationRecord | null> {
    const record = await ctx.loaders.personByDocument.load(person.document);
    return record && record.json != null ? mapRegistrationRecord(record.json, person.document) : null;
  }

  @FieldResolver()
  async fetchedAt(@Root() person: Person, @Ctx() ctx: GraphContext): Promise<Date | null> {
    return fetchedAtOf(await ctx.loaders.personByDocument.load(person.document)) ?? null;
  }

  @FieldResolver()
  async raw(@Root() person: Person, @Ctx() ctx: GraphContext): Promise<unknown> {
    const record = await ctx.loaders.personByDocument.load(person.document);
    return record?.json ?? null;
  }
}
