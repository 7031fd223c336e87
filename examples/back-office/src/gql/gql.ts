/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  subscription ProposalChanged($id: ID!) {\n    proposalChanged(id: $id) {\n      proposalId\n      changed\n      initial\n      proposal {\n        id\n        situation\n        situationCode\n        rejectionReason\n      }\n    }\n  }\n": typeof types.ProposalChangedDocument,
    "\n  subscription ViewerProposalEvents {\n    viewerProposalEvents {\n      proposalId\n      changed\n      initial\n      proposal {\n        id\n        situation\n        situationCode\n        rejectionReason\n      }\n    }\n  }\n": typeof types.ViewerProposalEventsDocument,
    "\n  fragment InstallmentRow on Installment {\n    id\n    number\n    amount\n    dueDate\n    situation\n    paidAmount\n    balance\n    boletos {\n      id\n      number\n      digitableLine\n    }\n  }\n": typeof types.InstallmentRowFragmentDoc,
    "\n  fragment BoletoRow on Boleto {\n    id\n    number\n    installmentNumbers\n    amount\n    dueDate\n    digitableLine\n  }\n": typeof types.BoletoRowFragmentDoc,
    "\n  fragment AgendaTotals on AgendaDetail {\n    id\n    situation\n    totalPaid\n    settledAt\n  }\n": typeof types.AgendaTotalsFragmentDoc,
    "\n  query ProposalDetail($id: ID!) {\n    proposal(id: $id) {\n      id\n      number\n      operationCode\n      situation\n      situationCode\n      rejectionReason\n      financedAmount\n      monthlyInterestRate\n      installmentCount\n      createdAt\n      client {\n        id\n        name\n        document\n      }\n      clientSource\n      installments {\n        ...InstallmentRow\n      }\n      agenda {\n        ...AgendaTotals\n      }\n      boletos {\n        ...BoletoRow\n      }\n      signers {\n        id\n        name\n        email\n        status\n        signedAt\n      }\n    }\n  }\n": typeof types.ProposalDetailDocument,
    "\n  mutation RegisterPayment($input: RegisterInstallmentPaymentInput!, $idempotencyKey: String!) {\n    registerInstallmentPayment(input: $input, idempotencyKey: $idempotencyKey) {\n      paidInstallments {\n        ...InstallmentRow\n      }\n      proposal {\n        id\n        agenda {\n          ...AgendaTotals\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n        upstreamCode\n      }\n    }\n  }\n": typeof types.RegisterPaymentDocument,
    "\n  mutation GenerateBoleto($input: GenerateBoletosInput!, $idempotencyKey: String!) {\n    generateBoletos(input: $input, idempotencyKey: $idempotencyKey) {\n      boletos {\n        ...BoletoRow\n      }\n      installments {\n        id\n        boletos {\n          id\n          number\n          digitableLine\n        }\n      }\n      proposal {\n        id\n        boletos {\n          ...BoletoRow\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n        upstreamCode\n      }\n    }\n  }\n": typeof types.GenerateBoletoDocument,
    "\n  fragment ProposalRow on Proposal {\n    id\n    number\n    operationCode\n    situation\n    financedAmount\n    installmentCount\n    createdAt\n  }\n": typeof types.ProposalRowFragmentDoc,
    "\n  query MyProposals($first: Int!, $after: String, $situation: ProposalSituation, $orderBy: ProposalOrder) {\n    creditViewer {\n      callerId\n      proposals(first: $first, after: $after, situation: $situation, orderBy: $orderBy) {\n        totalCount\n        edges {\n          cursor\n          node {\n            ...ProposalRow\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.MyProposalsDocument,
    "\n  mutation CreateProposal($input: CreateProposalInput!, $idempotencyKey: String!) {\n    createProposal(input: $input, idempotencyKey: $idempotencyKey) {\n      proposal {\n        ...ProposalRow\n      }\n      userErrors {\n        code\n        field\n        message\n        upstreamCode\n      }\n    }\n  }\n": typeof types.CreateProposalDocument,
};
const documents: Documents = {
    "\n  subscription ProposalChanged($id: ID!) {\n    proposalChanged(id: $id) {\n      proposalId\n      changed\n      initial\n      proposal {\n        id\n        situation\n        situationCode\n        rejectionReason\n      }\n    }\n  }\n": types.ProposalChangedDocument,
    "\n  subscription ViewerProposalEvents {\n    viewerProposalEvents {\n      proposalId\n      changed\n      initial\n      proposal {\n        id\n        situation\n        situationCode\n        rejectionReason\n      }\n    }\n  }\n": types.ViewerProposalEventsDocument,
    "\n  fragment InstallmentRow on Installment {\n    id\n    number\n    amount\n    dueDate\n    situation\n    paidAmount\n    balance\n    boletos {\n      id\n      number\n      digitableLine\n    }\n  }\n": types.InstallmentRowFragmentDoc,
    "\n  fragment BoletoRow on Boleto {\n    id\n    number\n    installmentNumbers\n    amount\n    dueDate\n    digitableLine\n  }\n": types.BoletoRowFragmentDoc,
    "\n  fragment AgendaTotals on AgendaDetail {\n    id\n    situation\n    totalPaid\n    settledAt\n  }\n": types.AgendaTotalsFragmentDoc,
    "\n  query ProposalDetail($id: ID!) {\n    proposal(id: $id) {\n      id\n      number\n      operationCode\n      situation\n      situationCode\n      rejectionReason\n      financedAmount\n      monthlyInterestRate\n      installmentCount\n      createdAt\n      client {\n        id\n        name\n        document\n      }\n      clientSource\n      installments {\n        ...InstallmentRow\n      }\n      agenda {\n        ...AgendaTotals\n      }\n      boletos {\n        ...BoletoRow\n      }\n      signers {\n        id\n        name\n        email\n        status\n        signedAt\n      }\n    }\n  }\n": types.ProposalDetailDocument,
    "\n  mutation RegisterPayment($input: RegisterInstallmentPaymentInput!, $idempotencyKey: String!) {\n    registerInstallmentPayment(input: $input, idempotencyKey: $idempotencyKey) {\n      paidInstallments {\n        ...InstallmentRow\n      }\n      proposal {\n        id\n        agenda {\n          ...AgendaTotals\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n        upstreamCode\n      }\n    }\n  }\n": types.RegisterPaymentDocument,
    "\n  mutation GenerateBoleto($input: GenerateBoletosInput!, $idempotencyKey: String!) {\n    generateBoletos(input: $input, idempotencyKey: $idempotencyKey) {\n      boletos {\n        ...BoletoRow\n      }\n      installments {\n        id\n        boletos {\n          id\n          number\n          digitableLine\n        }\n      }\n      proposal {\n        id\n        boletos {\n          ...BoletoRow\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n        upstreamCode\n      }\n    }\n  }\n": types.GenerateBoletoDocument,
    "\n  fragment ProposalRow on Proposal {\n    id\n    number\n    operationCode\n    situation\n    financedAmount\n    installmentCount\n    createdAt\n  }\n": types.ProposalRowFragmentDoc,
    "\n  query MyProposals($first: Int!, $after: String, $situation: ProposalSituation, $orderBy: ProposalOrder) {\n    creditViewer {\n      callerId\n      proposals(first: $first, after: $after, situation: $situation, orderBy: $orderBy) {\n        totalCount\n        edges {\n          cursor\n          node {\n            ...ProposalRow\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.MyProposalsDocument,
    "\n  mutation CreateProposal($input: CreateProposalInput!, $idempotencyKey: String!) {\n    createProposal(input: $input, idempotencyKey: $idempotencyKey) {\n      proposal {\n        ...ProposalRow\n      }\n      userErrors {\n        code\n        field\n        message\n        upstreamCode\n      }\n    }\n  }\n": types.CreateProposalDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ProposalChanged($id: ID!) {\n    proposalChanged(id: $id) {\n      proposalId\n      changed\n      initial\n      proposal {\n        id\n        situation\n        situationCode\n        rejectionReason\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription ProposalChanged($id: ID!) {\n    proposalChanged(id: $id) {\n      proposalId\n      changed\n      initial\n      proposal {\n        id\n        situation\n        situationCode\n        rejectionReason\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ViewerProposalEvents {\n    viewerProposalEvents {\n      proposalId\n      changed\n      initial\n      proposal {\n        id\n        situation\n        situationCode\n        rejectionReason\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription ViewerProposalEvents {\n    viewerProposalEvents {\n      proposalId\n      changed\n      initial\n      proposal {\n        id\n        situation\n        situationCode\n        rejectionReason\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment InstallmentRow on Installment {\n    id\n    number\n    amount\n    dueDate\n    situation\n    paidAmount\n    balance\n    boletos {\n      id\n      number\n      digitableLine\n    }\n  }\n"): (typeof documents)["\n  fragment InstallmentRow on Installment {\n    id\n    number\n    amount\n    dueDate\n    situation\n    paidAmount\n    balance\n    boletos {\n      id\n      number\n      digitableLine\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BoletoRow on Boleto {\n    id\n    number\n    installmentNumbers\n    amount\n    dueDate\n    digitableLine\n  }\n"): (typeof documents)["\n  fragment BoletoRow on Boleto {\n    id\n    number\n    installmentNumbers\n    amount\n    dueDate\n    digitableLine\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AgendaTotals on AgendaDetail {\n    id\n    situation\n    totalPaid\n    settledAt\n  }\n"): (typeof documents)["\n  fragment AgendaTotals on AgendaDetail {\n    id\n    situation\n    totalPaid\n    settledAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProposalDetail($id: ID!) {\n    proposal(id: $id) {\n      id\n      number\n      operationCode\n      situation\n      situationCode\n      rejectionReason\n      financedAmount\n      monthlyInterestRate\n      installmentCount\n      createdAt\n      client {\n        id\n        name\n        document\n      }\n      clientSource\n      installments {\n        ...InstallmentRow\n      }\n      agenda {\n        ...AgendaTotals\n      }\n      boletos {\n        ...BoletoRow\n      }\n      signers {\n        id\n        name\n        email\n        status\n        signedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProposalDetail($id: ID!) {\n    proposal(id: $id) {\n      id\n      number\n      operationCode\n      situation\n      situationCode\n      rejectionReason\n      financedAmount\n      monthlyInterestRate\n      installmentCount\n      createdAt\n      client {\n        id\n        name\n        document\n      }\n      clientSource\n      installments {\n        ...InstallmentRow\n      }\n      agenda {\n        ...AgendaTotals\n      }\n      boletos {\n        ...BoletoRow\n      }\n      signers {\n        id\n        name\n        email\n        status\n        signedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterPayment($input: RegisterInstallmentPaymentInput!, $idempotencyKey: String!) {\n    registerInstallmentPayment(input: $input, idempotencyKey: $idempotencyKey) {\n      paidInstallments {\n        ...InstallmentRow\n      }\n      proposal {\n        id\n        agenda {\n          ...AgendaTotals\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n        upstreamCode\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RegisterPayment($input: RegisterInstallmentPaymentInput!, $idempotencyKey: String!) {\n    registerInstallmentPayment(input: $input, idempotencyKey: $idempotencyKey) {\n      paidInstallments {\n        ...InstallmentRow\n      }\n      proposal {\n        id\n        agenda {\n          ...AgendaTotals\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n        upstreamCode\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateBoleto($input: GenerateBoletosInput!, $idempotencyKey: String!) {\n    generateBoletos(input: $input, idempotencyKey: $idempotencyKey) {\n      boletos {\n        ...BoletoRow\n      }\n      installments {\n        id\n        boletos {\n          id\n          number\n          digitableLine\n        }\n      }\n      proposal {\n        id\n        boletos {\n          ...BoletoRow\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n        upstreamCode\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation GenerateBoleto($input: GenerateBoletosInput!, $idempotencyKey: String!) {\n    generateBoletos(input: $input, idempotencyKey: $idempotencyKey) {\n      boletos {\n        ...BoletoRow\n      }\n      installments {\n        id\n        boletos {\n          id\n          number\n          digitableLine\n        }\n      }\n      proposal {\n        id\n        boletos {\n          ...BoletoRow\n        }\n      }\n      userErrors {\n        code\n        field\n        message\n        upstreamCode\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProposalRow on Proposal {\n    id\n    number\n    operationCode\n    situation\n    financedAmount\n    installmentCount\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ProposalRow on Proposal {\n    id\n    number\n    operationCode\n    situation\n    financedAmount\n    installmentCount\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyProposals($first: Int!, $after: String, $situation: ProposalSituation, $orderBy: ProposalOrder) {\n    creditViewer {\n      callerId\n      proposals(first: $first, after: $after, situation: $situation, orderBy: $orderBy) {\n        totalCount\n        edges {\n          cursor\n          node {\n            ...ProposalRow\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyProposals($first: Int!, $after: String, $situation: ProposalSituation, $orderBy: ProposalOrder) {\n    creditViewer {\n      callerId\n      proposals(first: $first, after: $after, situation: $situation, orderBy: $orderBy) {\n        totalCount\n        edges {\n          cursor\n          node {\n            ...ProposalRow\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProposal($input: CreateProposalInput!, $idempotencyKey: String!) {\n    createProposal(input: $input, idempotencyKey: $idempotencyKey) {\n      proposal {\n        ...ProposalRow\n      }\n      userErrors {\n        code\n        field\n        message\n        upstreamCode\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProposal($input: CreateProposalInput!, $idempotencyKey: String!) {\n    createProposal(input: $input, idempotencyKey: $idempotencyKey) {\n      proposal {\n        ...ProposalRow\n      }\n      userErrors {\n        code\n        field\n        message\n        upstreamCode\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;