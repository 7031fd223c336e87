import 'reflect-metadata';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema, parse } from 'graphql';
import { buildSchema, createResolversMap } from 'type-graphql';
import { AgendaResolver } from './agenda/agenda.resolver.js';
import { InstallmentAgendaResolver } from './agenda/installment-agenda.resolver.js';
import { ProposalAgendaResolver } from './agenda/proposal-agenda.resolver.js';
import { InstallmentBoletosResolver } from './boleto/installment-boletos.resolver.js';
import { ProposalBoletosResolver } from './boleto/proposal-boletos.resolver.js';
import { ProposalDocumentsResolver } from './document/proposal-documents.resolver.js';
import { ProposalGuarantorsResolver } from './guarantor/proposal-guarantors.resolver.js';
import { ProposalInstallmentsResolver } from './installment/proposal-installments.resolver.js';
import { ProposalClientResolver } from './person/proposal-client.resolver.js';
import { ProposalSignersResolver } from './signature/proposal-signers.resolver.js';
import { BoletoResolver } from './boleto/boleto.resolver.js';
import { IDEMPOTENCY_KEY_DESCRIPTION } from './runtime/write.js';
import { selectedFields } from './runtime/selection.js';
import { validateQueryArgs } from './runtime/query-args.js';
import { type GraphContext } from './runtime/context.js';
import { insufficientScope } from './runtime/errors.js';
import { answeringAppliedWrites } from './runtime/write-answer.js';
import { DocumentResolver } from './document/document.resolver.js';
import { validateEntityRepresentations } from './entities.js';
import { declareCosts } from './cost-directives.js';
import { readInvalidEnumValues } from './common/invalid-value.js';
import { defaultExplicitNulls } from './runtime/explicit-nulls.js';
import { GuarantorResolver } from './guarantor/guarantor.resolver.js';
import { NodeResolver } from './node.resolver.js';
import { PaymentResolver } from './agenda/payment.resolver.js';
import { PersonResolver, resolvePerson } from './person/person.resolver.js';
import { resolveProposal } from './proposal/proposal.reads.js';
import { ProposalHistoryResolver } from './proposal/proposal-history.resolver.js';
import { ProposalResolver } from './proposal/proposal.resolver.js';
import { RegistryResolver } from './person/registry.resolver.js';
import { declareAccessRules, enforceAccessRules } from './runtime/scopes.js';
import { SignatureResolver } from './signature/signature.resolver.js';
import { SimulationResolver } from './simulation/simulation.resolver.js';
import { ViewerResolver } from './viewer/viewer.resolver.js';
import { LiveResolver } from './live/live.resolver.js';
import { recordDisclosures } from './audit/audit.disclosures.js';
import { AuditResolver } from './audit/audit.resolver.js';

/** Every resolver class of the graph, for `buildSchema` and for the schema emitter. */
export const resolvers = [
  // The hub: queries and mutations of proposals, its own fields and the ledger's operations.
  ProposalResolver,
  ProposalHistoryResolver,
  // Each noun's own fields of Proposal (and of Installment), resolved in the noun's folder.
  ProposalInstallmentsResolver,
  ProposalAgendaResolver,
  ProposalBoletosResolver,
  ProposalClientResolver,
  ProposalGuarantorsResolver,
  ProposalSignersResolver,
  ProposalDocumentsResolver,
  InstallmentBoletosResolver,
  InstallmentAgendaResolver,
  // The nouns' queries and mutations.
  AgendaResolver,
  PersonResolver,
  PaymentResolver,
  BoletoResolver,
  GuarantorResolver,
  SignatureResolver,
  DocumentResolver,
  SimulationResolver,
  RegistryResolver,
  ViewerResolver,
  NodeResolver,
  LiveResolver,
  AuditResolver,
] as const;

type SubgraphResolvers = NonNullable<Extract<Parameters<typeof buildSubgraphSchema>[0], { typeDefs: unknown }>['resolvers']>;

/**
 * The Federation 2 directives this subgraph uses (2.5 for the access rules: `@authenticated`,
 * `@requiresScopes`; 2.9 for demand control: `@cost`, `@listSize`).
 */
const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key", "@shareable", "@authenticated", "@requiresScopes", "@cost", "@listSize"])';

/** What the query and subscription roots are for, as introspection shows them. */
const ROOT_DESCRIPTIONS = {
  Query:
    'Reads of proposals, their installments, receivables agenda, boletos, guarantors, signers and documents, and of people, over the credit partner. A field costs a partner call only when selected; extensions.cost says how many an answer cost.',
  Subscription:
    "Live updates over WebSocket or SSE: a proposal's changes (proposalChanged) or every change to the caller's own proposals (viewerProposalEvents), sent when the partner's state or this graph's own writes change them.",
} as const;

/**
 * The type-graphql schema alone (no federation fields), with `validate: true` so arguments arrive
 * validated. Exposed for tools; the server uses `buildCreditGraphSchema`.
 */
export async function buildTypeGraphSchema(): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers: [...resolvers],
    // Query arguments are refused with one BAD_USER_INPUT carrying userErrors (never class-validator's
    // shape, which could echo input back); mutations validate their input into userErrors themselves.
    validateFn: (argValue, argType, { info, args, context }) =>
      validateQueryArgs(argValue, argType, info, args, (context as Partial<GraphContext> | undefined)?.locale),
    // Federation adds Query._entities/_service later; type-graphql must not refuse what it sees now.
    skipCheck: true,
    // type-graphql insists on a PubSub once there are subscriptions; ours bring their own `subscribe`
    // (graphql/live: watches, not topics), so this one is never used.
    pubSub: {
      publish: () => undefined,
      subscribe: () => {
        throw new Error('graphql/live subscriptions bring their own subscribe');
      },
    },
  });
  // type-graphql has no option for a root type's description; the root types are described here.
  const roots = [
    [schema.getQueryType(), ROOT_DESCRIPTIONS.Query],
    [schema.getMutationType(), IDEMPOTENCY_KEY_DESCRIPTION],
    [schema.getSubscriptionType(), ROOT_DESCRIPTIONS.Subscription],
  ] as const;
  for (const [type, description] of roots) {
    if (type) {
      type.description = description;
    }
  }
  return schema;
}

/** Entity reference resolvers: the same loaders and the same lazy, parallel reads as the queries. */
const referenceResolvers = {
  Proposal: {
    __resolveReference(reference: { id: string }, ctx: GraphContext, info: GraphQLResolveInfo) {
      return resolveProposal(ctx, { id: reference.id }, info, selectedFields(info, info.fieldNodes, 'Proposal'));
    },
  },
  Person: {
    // The representation was validated (entities.ts): its id decodes.
    async __resolveReference(reference: { id: string }, ctx: GraphContext, info: GraphQLResolveInfo) {
      // As Query.node with a person's id: the id maps to a CPF/CNPJ (Person.document), personal data
      // for callers holding registry.read. Decided before any read: no partner call. Async, so the
      // refusal is this representation's (`_entities.N`), not the whole field's.
      const document = ctx.personIds.decode(reference.id) ?? '';
      const fields = () => [...selectedFields(info, info.fieldNodes, 'Person').keys()].filter((name) => name !== '__typename');
      if (!ctx.scopes.has('registry.read')) {
        ctx.audit.disclose('person', document, fields(), 'refused');
        throw insufficientScope('registry.read');
      }
      const person = await resolvePerson(ctx, document, info);
      if (person === null) {
        ctx.audit.disclose('person', document, fields(), 'not_found');
      }
      return person;
    },
  },
};

/**
 * Builds the credit graph: the type-graphql schema made a Federation 2 subgraph (`Proposal @key(id)`,
 * `Person @key(id)`, an opaque id: person.id.ts), following type-graphql's apollo-federation-2 example, with its access
 * rules (scopes.ts) declared in the SDL and enforced, and its disclosures of personal data recorded
 * (audit/audit.disclosures.ts).
 */
export function buildCreditGraphSchema(options: { accessRecord?: boolean } = {}): Promise<GraphQLSchema> {
  // The schema holds no state of its own (every dependency arrives in the context), so one process
  // builds it once per variant: replicas, restarts and tests in one process share it.
  const key = options.accessRecord !== false;
  let built = builtSchemas.get(key);
  if (built === undefined) {
    built = buildFreshCreditGraphSchema(key);
    builtSchemas.set(key, built);
    built.catch(() => builtSchemas.delete(key));
  }
  return built;
}

/** The schemas this process built, by whether they record disclosures. */
const builtSchemas = new Map<boolean, Promise<GraphQLSchema>>();

async function buildFreshCreditGraphSchema(accessRecord: boolean): Promise<GraphQLSchema> {
  const schema = await buildTypeGraphSchema();
  const map = createResolversMap(schema) as Record<string, Record<string, unknown>>;
  for (const [typeName, fields] of Object.entries(referenceResolvers)) {
    map[typeName] = { ...map[typeName], ...fields };
  }
  const mutations = map[schema.getMutationType()?.name ?? 'Mutation'] ?? {};
  for (const [name, resolve] of Object.entries(mutations)) {
    if (typeof resolve === 'function') {
      mutations[name] = answeringAppliedWrites(resolve as GraphQLFieldResolver<unknown, GraphContext>);
    }
  }
  const subgraph = buildSubgraphSchema({
    // The access rules are declared in the SDL (a router enforces them too) and enforced from it.
    typeDefs: declareCosts(declareAccessRules(parse(`${FEDERATION_LINK}\n${printSchemaWithDirectives(schema)}`))),
    // createResolversMap's shape (field resolvers, scalars, enum value maps) is the subgraph builder's.
    resolvers: map as SubgraphResolvers,
  });
  const guarded = enforceAccessRules(validateEntityRepresentations(defaultExplicitNulls(readInvalidEnumValues(subgraph))));
  // Recorded outside the scope guard: a refused attempt leaves its record too. Off only for the
  // benchmark's baseline (bench/audit.ts), which prices the recording.
  return accessRecord ? recordDisclosures(guarded) : guarded;
}
