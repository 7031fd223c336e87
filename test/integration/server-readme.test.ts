import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'graphql';
import { loadConfig } from '../../src/config/index.js';
import { type Service, startService } from '../../src/service.js';
import { type ExampleOperation, readExampleOperations } from '../../src/server/examples.js';
import { silentLogger } from '../../src/server/logger.js';
import { executeGraphQL } from '../helpers/graph.js';

/** The pages that quote example operations: the README (one), docs/queries.md and docs/callers.md (the rest). */
const QUOTING = ['README.md', 'docs/queries.md', 'docs/callers.md'];

/** Every ```graphql block of those pages with the ```json block right after it (its variables), if any. */
function readmeQuotes(): Array<{ name: string; query: string; variables: string | undefined }> {
  const readme = QUOTING.map((page) => readFileSync(page, 'utf8')).join('\n');
  return [...readme.matchAll(/```graphql\n([\s\S]*?)```(?:\n```json\n([\s\S]*?)```)?/g)].map((match) => {
    const query = (match[1] ?? '').trim();
    const operation = parse(query).definitions[0];
    return {
      name: operation !== undefined && 'name' in operation && operation.name !== undefined ? operation.name.value : '(anonymous)',
      query,
      variables: match[2]?.trim(),
    };
  });
}

/** Collects every `userErrors` list in a result. */
function userErrors(value: unknown): unknown[] {
  if (Array.isArray(value)) {
    return value.flatMap(userErrors);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) => (key === 'userErrors' && Array.isArray(inner) ? inner : userErrors(inner)));
  }
  return [];
}

interface AgendaItem {
  number: number;
  entries: unknown[];
  boletos: unknown[];
}

interface Answers {
  proposal: { installments: AgendaItem[]; agenda: { id: string; totalPaid: string }; boletos: unknown[] };
  createProposal: { proposal: { operationCode: string; situation: string; installments: unknown[] } };
  generateBoletos: { boletos: Array<{ digitableLine: string; installmentNumbers: number[] }> };
  registerInstallmentPayment: { paidInstallments: Array<{ number: number; paidAmount: string }>; proposal: { agenda: { totalPaid: string } } };
}

/** What each example must show, beyond "no errors, no userErrors". */
const EXPECTED: Record<string, (data: Answers) => void> = {
  ProposalWithAgenda: ({ proposal }) => {
    expect(proposal.installments.length).toBeGreaterThanOrEqual(6);
    expect(proposal.installments[0]?.entries.length).toBeGreaterThan(0);
    expect(proposal.installments[1]?.boletos.length).toBeGreaterThan(0);
    expect(proposal.agenda.totalPaid).toMatch(/^\d+\.\d{2}$/);
  },
  ProposalBoletos: ({ proposal }) => {
    expect(proposal.boletos.length).toBeGreaterThan(0);
  },
  CreateProposal: ({ createProposal }) => {
    expect(createProposal.proposal).toMatchObject({
      operationCode: 'README-CREATE-1',
      situation: 'UNDER_REVIEW',
      financedAmount: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(createProposal.proposal.installments).toHaveLength(6);
  },
  GenerateBoletos: ({ generateBoletos }) => {
    expect(generateBoletos.boletos).toHaveLength(1);
    expect(generateBoletos.boletos[0]?.installmentNumbers).toEqual([3]);
    expect(generateBoletos.boletos[0]?.digitableLine).toMatch(/^\d{47}$/);
  },
  RegisterInstallmentPayment: ({ registerInstallmentPayment }) => {
    expect(registerInstallmentPayment.paidInstallments[0]).toMatchObject({ number: 4, paidAmount: '100.00' });
    expect(registerInstallmentPayment.proposal.agenda.totalPaid).toMatch(/^\d+\.\d{2}$/);
  },
};

const OPERATIONS_DIR = fileURLToPath(new URL('../../schema/operations/', import.meta.url));

describe('the example operations (schema/operations/) and the README that quotes them', () => {
  let service: Service;
  let examples: ExampleOperation[];

  beforeAll(async () => {
    examples = await readExampleOperations(OPERATIONS_DIR);
    service = await startService(
      loadConfig({ PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'credit-graph-readme-')) }),
      silentLogger,
    );
  });

  afterAll(async () => {
    await service.close();
  });

  it('are the operations with a variables line, queries first (the explorer opens on a read)', () => {
    expect(examples.map((example) => example.name)).toEqual([
      'ProposalWithAgenda',
      'ProposalBoletos',
      'MyProposals',
      'CreateProposal',
      'GenerateBoletos',
      'RegisterInstallmentPayment',
    ]);
  });

  it('are each quoted in the README exactly as their file writes them, with their variables', () => {
    const quotes = readmeQuotes();
    expect([...new Set(quotes.map((quote) => quote.name))].sort()).toEqual(examples.map((example) => example.name).sort());
    // The README shows one of them.
    expect(QUOTING.map((page) => (readFileSync(page, 'utf8').match(/```graphql\n/g) ?? []).length)[0]).toBe(1);
    for (const quote of quotes) {
      const example = examples.find((candidate) => candidate.name === quote.name);
      expect({ name: quote.name, query: quote.query }).toEqual({ name: quote.name, query: example?.query });
      expect(JSON.parse(quote.variables ?? 'null')).toEqual(JSON.parse(example?.variables ?? 'undefined'));
    }
  });

  it('show the demo proposal ids npm start prints', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const proposal of service.sandbox?.demo ?? []) {
      expect(readme).toMatch(new RegExp(`${proposal.label} +id ${proposal.id} +number ${proposal.number} `));
    }
  });

  it('include a proposal with installments and agenda, a boleto generation and a payment', () => {
    const text = examples.map((example) => example.query).join('\n');
    expect(text).toMatch(/installments[\s\S]*agenda/);
    expect(text).toContain('generateBoletos');
    expect(text).toContain('registerInstallmentPayment');
  });

  it('each work as written against the demo data', async () => {
    const ids = Object.fromEntries((service.sandbox?.demo ?? []).map((proposal) => [`<${proposal.label} id>`, proposal.id]));
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      const variables = JSON.parse(example.variables, (_key, value: unknown) => (typeof value === 'string' && value in ids ? ids[value] : value)) as Record<
        string,
        unknown
      >;
      const response = await executeGraphQL<Record<string, unknown>, Record<string, unknown>>(service.http.graphqlUrl, example.query, variables);
      expect({ name: example.name, errors: response.errors, userErrors: userErrors(response.data) }).toEqual({
        name: example.name,
        errors: undefined,
        userErrors: [],
      });
      const [root] = Object.values(response.data ?? {});
      expect(root).not.toBeNull();
      EXPECTED[example.name]?.(response.data as unknown as Answers);
    }
  });
});
