import { Field, ObjectType, registerEnumType } from 'type-graphql';

/**
 * Where a page of a connection starts and ends (Relay's cursor connections). Named for this domain
 * (`CreditPageInfo`), not `PageInfo`: a neighbour's forward-only `PageInfo` (no `hasPreviousPage`,
 * `startCursor`) cannot be merged with ours, shareable or not (docs/federation.md).
 */
@ObjectType('CreditPageInfo', {
  description: "Where a page of one of the credit graph's connections starts and ends (Relay cursor connections: all four fields). Upstream: none.",
})
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
  // Named for this domain: a neighbour's own OrderDirection (ASCENDING/DESCENDING, or ASC/DESC used as
  // output too) cannot merge with ours (EMPTY_MERGED_ENUM_TYPE, ENUM_VALUE_MISMATCH).
  name: 'CreditOrderDirection',
  description: "Direction of a list's order.",
  valuesConfig: {
    ASC: { description: 'Smallest (oldest) first.' },
    DESC: { description: 'Largest (newest) first.' },
  },
});
