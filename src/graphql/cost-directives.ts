import { type ConstDirectiveNode, type DocumentNode, Kind, parseConstValue, visit } from 'graphql';
import { PARTNER_CALL_COSTS } from './cost.js';

const directive = (name: string, args: Record<string, string>): ConstDirectiveNode => ({
  kind: Kind.DIRECTIVE,
  name: { kind: Kind.NAME, value: name },
  arguments: Object.entries(args).map(([arg, value]) => ({
    kind: Kind.ARGUMENT,
    name: { kind: Kind.NAME, value: arg },
    value: parseConstValue(value),
  })),
});

const list = (items: readonly string[]): string => `[${items.map((item) => JSON.stringify(item)).join(', ')}]`;

/**
 * The cost model in the SDL: `@cost(weight:)` and `@listSize` (Federation 2.9 demand control) on the
 * fields of {@link PARTNER_CALL_COSTS}, the table the graph's own estimate is bounded by, so a router's
 * demand control and the graph's budget read one model.
 */
export function declareCosts(document: DocumentNode): DocumentNode {
  let owner = '';
  return visit(document, {
    ObjectTypeDefinition: { enter: (node) => void (owner = node.name.value) },
    ObjectTypeExtension: { enter: (node) => void (owner = node.name.value) },
    FieldDefinition(node) {
      const coordinate = `${owner}.${node.name.value}`;
      const weight = PARTNER_CALL_COSTS.weights[coordinate];
      const size = PARTNER_CALL_COSTS.listSizes[coordinate];
      const added: ConstDirectiveNode[] = [];
      if (weight !== undefined) {
        added.push(directive('cost', { weight: String(weight) }));
      }
      if (size !== undefined) {
        added.push(
          directive('listSize', {
            ...(size.assumedSize === undefined ? {} : { assumedSize: String(size.assumedSize) }),
            ...(size.slicingArguments === undefined ? {} : { slicingArguments: list(size.slicingArguments), requireOneSlicingArgument: 'false' }),
            ...(size.sizedFields === undefined ? {} : { sizedFields: list(size.sizedFields) }),
          }),
        );
      }
      return added.length === 0 ? undefined : { ...node, directives: [...(node.directives ?? []), ...added] };
    },
  });
}
