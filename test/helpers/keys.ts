import { randomUUID } from 'node:crypto';
import { Kind, parse, print, visit } from 'graphql';

/**
 * `document` with a fresh `idempotencyKey` argument on every mutation field that has none: for
 * tests about something else than idempotency, each call a new write.
 */
export function keyed(document: string): string {
  const ast = parse(document);
  return print(
    visit(ast, {
      OperationDefinition(node) {
        if (node.operation !== 'mutation') {
          return undefined;
        }
        return {
          ...node,
          selectionSet: {
            ...node.selectionSet,
            selections: node.selectionSet.selections.map((selection) =>
              selection.kind !== Kind.FIELD || selection.arguments?.some((a) => a.name.value === 'idempotencyKey')
                ? selection
                : {
                    ...selection,
                    arguments: [
                      ...(selection.arguments ?? []),
                      { kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: 'idempotencyKey' }, value: { kind: Kind.STRING, value: randomUUID() } },
                    ],
                  },
            ),
          },
        };
      },
    }),
  );
}
