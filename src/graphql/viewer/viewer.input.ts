import { IsOptional, Max, MaxLength, Min } from 'class-validator';
import { ArgsType, Field, InputType, Int, registerEnumType } from 'type-graphql';
import { OrderDirection } from '../common/page-info.type.js';
import { ProposalSituation } from '../proposal/proposal-situation.type.js';

/** Largest page of `viewer.proposals`. */
export const MAX_PAGE_SIZE = 50;

/** Default page of `viewer.proposals`. */
export const DEFAULT_PAGE_SIZE = 20;

/**
 * What `viewer.proposals` can be sorted by: what the ledger orders on an index. (The partner's
 * proposal number is given at creation, so it follows the same order; live fields such as the
 * situation are not the ledger's to sort.)
 */
export enum ProposalOrderField {
  CREATED_AT = 'CREATED_AT',
}

registerEnumType(ProposalOrderField, {
  name: 'ProposalOrderField',
  description: 'What a list of proposals can be sorted by.',
  valuesConfig: {
    CREATED_AT: { description: "When the graph recorded the proposal's creation (ties by id). Upstream: none (the graph's ledger)." },
  },
});

/** The order of `viewer.proposals`. */
@InputType({ description: 'The order of a list of proposals. A cursor continues only the order it was issued in.' })
export class ProposalOrder {
  // Nullable, as every defaulted argument of the list: an explicit null means the default.
  @Field((_type) => ProposalOrderField, {
    nullable: true,
    defaultValue: ProposalOrderField.CREATED_AT,
    description: "What to sort by. Upstream: none (the graph's ledger sorts).",
  })
  field: ProposalOrderField;

  @Field((_type) => OrderDirection, {
    nullable: true,
    defaultValue: OrderDirection.DESC,
    description: "Which way: DESC newest first (the default), ASC oldest first. Upstream: none (the graph's ledger sorts).",
  })
  direction: OrderDirection;
}

/** Arguments of `Viewer.proposals`. */
@ArgsType()
export class ViewerProposalsArgs {
  // Nullable so that an explicit null (Relay sends one for an unset variable) means the default.
  @Field((_type) => Int, {
    nullable: true,
    defaultValue: DEFAULT_PAGE_SIZE,
    description: `How many proposals, 1 to ${MAX_PAGE_SIZE} (BAD_USER_INPUT beyond, before any read; null: ${DEFAULT_PAGE_SIZE}).`,
  })
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  first: number;

  @Field((_type) => String, {
    nullable: true,
    description: 'Continue after this cursor (a previous endCursor or edge cursor); BAD_USER_INPUT when it is not one.',
  })
  @IsOptional()
  @MaxLength(500)
  after?: string | null;

  @Field((_type) => ProposalSituation, {
    nullable: true,
    description:
      "Only proposals in this live situation. The ledger does not know situations (they change at the partner), so the graph reads each examined proposal's record through the shared read layer (one FGTS/ConsultaProposta per proposal not already cached, batched), in the list's order, until the page is full or 50 proposals were examined: then hasNextPage is true and endCursor continues the scan. Without it the list costs no partner call.",
  })
  @IsOptional()
  situation?: ProposalSituation | null;

  @Field((_type) => ProposalOrder, {
    nullable: true,
    description:
      'The order of the list: by default newest first ({ field: CREATED_AT, direction: DESC }). Clients caching pages (Apollo keyArgs, Relay @connection filters) key the list by it, with situation.',
  })
  @IsOptional()
  orderBy?: ProposalOrder | null;
}
