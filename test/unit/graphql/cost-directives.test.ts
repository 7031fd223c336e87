import { readdirSync, readFileSync } from 'node:fs';
import {
  buildASTSchema,
  type ConstDirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getNamedType,
  type GraphQLField,
  type GraphQLSchema,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  type GraphQLOutputType,
  valueFromASTUntyped,
} from 'graphql';
import { estimateUpstreamCalls } from '../../../src/graphql/cost.js';
import { PARTNER_CALL_COSTS } from '../../../src/graphql/cost-directives.js';

const ROOT = new URL('../../../', import.meta.url);
const subgraphSdl = readFileSync(new URL('schema/schema.graphql', ROOT), 'utf8');

const argumentOf = (directive: ConstDirectiveNode | undefined, name: string): unknown => {
  const argument = directive?.arguments?.find((arg) => arg.name.value === name);
  return argument === undefined ? undefined : valueFromASTUntyped(argument.value);
};

const isList = (type: GraphQLOutputType): boolean => isListType(isNonNullType(type) ? type.ofType : type);

/**
 * What a router's static demand-control estimate adds from this SDL's directives alone (Federation
 * 2.9): each field's `@cost(weight:)`, and a list field's weight and contents multiplied by its
 * `@listSize` (the slicing argument's value, else `assumedSize`; with `sizedFields`, those children
 * are the lists). Fields without `@cost` weigh nothing: the router's own default per object is its
 * configuration, not this graph's model.
 */
function routerEstimate(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  const valueOf = (field: FieldNode, name: string): unknown => {
    const argument = field.arguments?.find((arg) => arg.name.value === name);
    return argument === undefined ? undefined : valueFromASTUntyped(argument.value, variables);
  };
  const selectionCost = (typeName: string, selectionSet: SelectionSetNode | undefined, sized: ReadonlySet<string>, size: number): number => {
    let total = 0;
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        const type = schema.getType(typeName);
        const definition = isObjectType(type) ? type.getFields()[selection.name.value] : undefined;
        if (definition !== undefined) {
          const cost = fieldCost(definition, selection);
          total += sized.has(selection.name.value) ? size * cost : cost;
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += selectionCost(selection.typeCondition?.name.value ?? typeName, selection.selectionSet, sized, size);
      } else {
        const fragment = fragments[selection.name.value];
        total += fragment === undefined ? 0 : selectionCost(fragment.typeCondition.name.value, fragment.selectionSet, sized, size);
      }
    }
    return total;
  };
  const fieldCost = (definition: GraphQLField<unknown, unknown>, node: FieldNode): number => {
    const directives = definition.astNode?.directives ?? [];
    const weight = Number(
      argumentOf(
        directives.find((d) => d.name.value === 'cost'),
        'weight',
      ) ?? 0,
    );
    const listSize = directives.find((d) => d.name.value === 'listSize');
    const slicing = (argumentOf(listSize, 'slicingArguments') as string[] | undefined)
      ?.map((name) => valueOf(node, name))
      .find((value) => typeof value === 'number');
    const size = listSize === undefined ? 1 : Number(slicing ?? argumentOf(listSize, 'assumedSize') ?? 1);
    const sizedFields = new Set((argumentOf(listSize, 'sizedFields') as string[] | undefined) ?? []);
    const children = selectionCost(getNamedType(definition.type).name, node.selectionSet, sizedFields, size);
    return sizedFields.size > 0 || !isList(definition.type) ? weight + children : size * (weight + children);
  };
  const root = operation.operation === 'mutation' ? 'Mutation' : 'Query';
  return selectionCost(root, operation.selectionSet, new Set(), 1);
}

/** Example variables: the lists of ids the graph's estimate counts, and a page size. */
const VARIABLES: Record<string, unknown> = { ids: ['a', 'b'], first: 20, includeCancelled: true };

describe('the cost model in the SDL', () => {
  const schema = buildASTSchema(parse(subgraphSdl), { assumeValidSDL: true });
  const operations = readdirSync(new URL('schema/operations/', ROOT))
    .filter((file) => file.endsWith('.graphql'))
    .flatMap((file) => {
      const document = parse(readFileSync(new URL(`schema/operations/${file}`, ROOT), 'utf8'));
      const fragments = Object.fromEntries(
        document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
      );
      return document.definitions
        .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && d.operation !== 'subscription')
        .map((operation) => ({ name: operation.name?.value ?? '', operation, fragments }));
    });

  it('carries @cost on exactly the fields of the table the graph estimates from, and @listSize on its lists', () => {
    const declared: Record<string, number> = {};
    const sized: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (isObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          const directives = field.astNode?.directives ?? [];
          const cost = directives.find((d) => d.name.value === 'cost');
          if (cost !== undefined) {
            declared[`${type.name}.${field.name}`] = Number(argumentOf(cost, 'weight'));
          }
          if (directives.some((d) => d.name.value === 'listSize')) {
            sized.push(`${type.name}.${field.name}`);
          }
        }
      }
    }
    expect(declared).toEqual(PARTNER_CALL_COSTS.weights);
    expect(sized.sort()).toEqual(Object.keys(PARTNER_CALL_COSTS.listSizes).sort());
  });

  it("bounds the graph's own estimate from above for every example operation, exactly as tabled", () => {
    const compared = Object.fromEntries(
      operations.map(({ name, operation, fragments }) => [
        name,
        { graph: estimateUpstreamCalls(operation, fragments, VARIABLES), router: routerEstimate(schema, operation, fragments, VARIABLES) },
      ]),
    );
    expect(Object.entries(compared).filter(([, { graph, router }]) => router < graph)).toEqual([]);
    // Equal where the graph's folding does not apply; above it where the graph folds reads (the
    // installments without the agenda, an operation code already known) or the router assumes a list's
    // largest size (50 ids for 2 given).
    expect(compared).toEqual({
      InstallmentsOnly: { graph: 1, router: 3 },
      CoreInstallmentsAgenda: { graph: 3, router: 4 },
      SameProposalTwice: { graph: 5, router: 6 },
      ProposalsWithInstallmentAgenda: { graph: 4, router: 150 },
      ProposalCore: { graph: 1, router: 1 },
      CreateProposal: { graph: 4, router: 5 },
      GenerateBoletos: { graph: 6, router: 6 },
      GenerateSingleBoleto: { graph: 6, router: 6 },
      RegisterInstallmentPayment: { graph: 7, router: 8 },
      RegisterInstallmentPayments: { graph: 6, router: 6 },
      InviteSigners: { graph: 2, router: 2 },
      CancelFgtsProposal: { graph: 3, router: 3 },
      AttachDocument: { graph: 6, router: 6 },
      ProposalWithAgenda: { graph: 3, router: 4 },
      ProposalWithInstallmentsAndAgenda: { graph: 3, router: 5 },
      ProposalByOperationCode: { graph: 1, router: 2 },
      ProposalBoletos: { graph: 1, router: 2 },
      FgtsProposal: { graph: 1, router: 1 },
      SimulateProposal: { graph: 1, router: 1 },
      PersonAndReports: { graph: 3, router: 3 },
      MyProposals: { graph: 20, router: 21 },
    });
  });
});
