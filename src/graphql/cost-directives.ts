import { type ConstDirectiveNode, type DocumentNode, Kind, parseConstValue, visit } from 'graphql';
import { OTHER_NODE_READS } from './cost.js';
import { MAX_NODE_IDS } from './node.resolver.js';
import { MAX_PROPOSALS_PER_QUERY } from './proposal/proposal.input.js';

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

/**
 * The estimate of cost.ts (`estimateUpstreamCalls`) as weights a router's demand control reads (Federation 2.9 `@cost` and
 * `@listSize`, written into the SDL by schema.ts from this table): each field's partner calls at most,
 * per occurrence, beside the list sizes that multiply what they hold. Additive, as a router adds, so
 * it bounds `estimateUpstreamCalls` from above: a proposal's field groups (core, installments,
 * agenda, boletos) are one call each, the core counted at the root that reads it; a write is one call
 * plus its payload's proposal reads.
 */
export const PARTNER_CALL_COSTS: {
  readonly weights: Readonly<Record<string, number>>;
  readonly listSizes: Readonly<
    Record<string, { readonly assumedSize?: number; readonly slicingArguments?: readonly string[]; readonly sizedFields?: readonly string[] }>
  >;
} = {
  weights: {
    'Query.proposal': 1,
    // The operation code's look-up, then the proposal.
    'Query.proposalByOperationCode': 2,
    'Query.proposals': 1,
    'Query.person': 1,
    'Query.bureauReport': 1,
    'Query.registrationRecord': 1,
    'Query.simulateProposal': 1,
    'Query.node': 1,
    'Query.nodes': 1,
    'Query.creditViewer': 1,
    // The installments read, and the agenda read their agenda-held fields (balance, boletos) need.
    'Proposal.installments': 2,
    'Proposal.agenda': 1,
    'Proposal.boletos': 1,
    'Proposal.client': 1,
    // The write, and the read that settles an answer lost on the way (its in-doubt probe).
    'Mutation.addGuarantor': 2,
    'Mutation.attachDocument': 2,
    'Mutation.cancelFgtsProposal': 2,
    'Mutation.createProposal': 2,
    'Mutation.generateBoletos': 2,
    'Mutation.generateSingleBoleto': 2,
    'Mutation.inviteSigners': 2,
    'Mutation.registerInstallmentPayment': 2,
    'Mutation.registerInstallmentPayments': 2,
    'Mutation.registerSignedSigners': 2,
    // A payload's proposal is read back after the write (at least its existence read).
    'AddGuarantorPayload.proposal': 1,
    'AttachDocumentPayload.proposal': 1,
    'CancelFgtsProposalPayload.proposal': 1,
    'CreateProposalPayload.proposal': 1,
    'GenerateBoletosPayload.proposal': 1,
    'RegisterInstallmentPaymentPayload.proposal': 1,
    'SignersPayload.proposal': 1,
    // Any other object a payload selects is read back too (its node's reads, at most).
    'AddGuarantorPayload.guarantor': OTHER_NODE_READS,
    'AttachDocumentPayload.document': OTHER_NODE_READS,
    'GenerateBoletosPayload.boletos': OTHER_NODE_READS,
    'GenerateBoletosPayload.installments': OTHER_NODE_READS,
    'RegisterInstallmentPaymentPayload.installments': OTHER_NODE_READS,
    'RegisterInstallmentPaymentPayload.paidInstallments': OTHER_NODE_READS,
    // A page's node whose selection needs the proposal's record: one read each, at most.
    'ProposalConnection.nodes': 1,
    'ProposalEdge.node': 1,
  },
  listSizes: {
    // As many as the most ids the graph takes: a router cannot size a list by another list's length.
    'Query.proposals': { assumedSize: MAX_PROPOSALS_PER_QUERY },
    'Query.nodes': { assumedSize: MAX_NODE_IDS },
    // A connection: its page size (first) sizes its edges and nodes.
    'CreditViewer.proposals': { slicingArguments: ['first'], sizedFields: ['edges', 'nodes'] },
  },
};
