import { Directive, Field, ObjectType, registerEnumType } from 'type-graphql';

/**
 * Where a page of a connection starts and ends (Relay's cursor connections). `@shareable`: other
 * subgraphs of a supergraph define their own Relay `PageInfo`, and Federation 2 merges the value type.
 */
@Directive('@shareable')
@ObjectType({ description: 'Where a page of a connection starts and ends (Relay cursor connections). Shared with the other subgraphs of a supergraph.' })
export class PageInfo {
  @Field((_type) => Boolean, { description: "Whether more items follow: ask again with after = endCursor. Upstream: none (the graph's ledger)." })
  hasNextPage: boolean;

  @Field((_type) => Boolean, {
    description:
      "Whether items come before this page: true when the page was asked for after a cursor and the list holds that cursor's item or any before it. Upstream: none (the graph's ledger).",
  })
  hasPreviousPage: boolean;

  @Field((_type) => String, {
    nullable: true,
    description: "Cursor of the first edge of this page (null when the page is empty). Upstream: none (the graph's ledger).",
  })
  startCursor: string | null;

  @Field((_type) => String, {
    nullable: true,
    description:
      "Opaque cursor to continue after this page (null when nothing was read). With a situation filter it may point past the last edge: the proposals examined after it did not match. Upstream: none (the graph's ledger).",
  })
  endCursor: string | null;
}

/** Direction of a list's order. */
export enum OrderDirection {
  ASC = 'ASC',
  DESC = 'DESC',
}

registerEnumType(OrderDirection, {
  name: 'OrderDirection',
  description: "Direction of a list's order.",
  valuesConfig: {
    ASC: { description: 'Smallest (oldest) first.' },
    DESC: { description: 'Largest (newest) first.' },
  },
});
