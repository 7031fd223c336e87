import { IsOptional, Max, MaxLength, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { ProposalSituation } from '../proposal/proposal-situation.type.js';

/** Largest page of `viewer.proposals`. */
export const MAX_PAGE_SIZE = 50;

/** Default page of `viewer.proposals`. */
export const DEFAULT_PAGE_SIZE = 20;

/** Arguments of `Viewer.proposals`. */
@ArgsType()
export class ViewerProposalsArgs {
  @Field(_type => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: `How many proposals, 1 to ${MAX_PAGE_SIZE} (BAD_USER_INPUT beyond, before any read).` })
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  first: number;

  @Field(_type => String, { nullable: true, description: 'Continue after this cursor (a previous endCursor or edge cursor); BAD_USER_INPUT when it is not one.' })
  @IsOptional()
  @MaxLength(500)
  after?: string | null;

  @Field(_type => ProposalSituation, {
    nullable: true,
    description:
      'Only proposals in this live situation. The ledger does not know situations (they change at the partner), so the graph reads each examined proposal\'s record through the shared read layer (one FGTS/ConsultaProposta per proposal not already cached, batched), newest first, until the page is full or 50 proposals were examined: then hasNextPage is true and endCursor continues the scan. Without it the list costs no partner call.',
  })
  @IsOptional()
  situation?: ProposalSituation | null;
}
