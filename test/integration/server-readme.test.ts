import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { loadConfig } from '../../src/config.js';
import { type Service, startService } from '../../src/main.js';
import { silentLogger } from '../../src/server/logger.js';
import { executeGraphQL } from '../helpers/graph.js';

interface Example {
  name: string;
  query: string;
  variables: Record<string, unknown>;
}

/** Every ```graphql block of the README with the ```json block of variables that follows it. */
function readmeExamples(): Example[] {
  const readme = readFileSync('README.md', 'utf8');
  const blocks = [...readme.matchAll(/```(graphql|json)\n([\s\S]*?)```/g)].map((match) => ({ lang: match[1], body: match[2] ?? '' }));
  const examples: Example[] = [];
  blocks.forEach((block, index) => {
    if (block.lang !== 'graphql') {
      return;
    }
    const next = blocks[index + 1];
    const operation = parse(block.body).definitions[0];
    examples.push({
      name: operation !== undefined && 'name' in operation && operation.name !== undefined ? operation.name.value : `example ${index}`,
      query: block.body,
      variables: next?.lang === 'json' ? (JSON.parse(next.body) as Record<string, unknown>) : {},
    });
  });
  return examples;
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
  generateBoletos: { boletos: Array<{ digitableLine: string }> };
  registerInstallmentPayment: { paidInstallments: Array<{ number: number; paidAmount: string }>; proposal: { agenda: { totalPaid: string } } };
}

/** What each README example must show, beyond "no errors, no userErrors". */
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
  GenerateBoleto: ({ generateBoletos }) => {
    expect(generateBoletos.boletos).toHaveLength(1);
    expect(generateBoletos.boletos[0]?.digitableLine).toMatch(/^\d{47}$/);
  },
  PayInstallment: ({ registerInstallmentPayment }) => {
    expect(registerInstallmentPayment.paidInstallments[0]).toMatchObject({ number: 4, paidAmount: '100.00' });
  },
};

describe('the README examples', () => {
  let service: Service;
  const examples = readmeExamples();

  beforeAll(async () => {
    service = await startService(loadConfig({ PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'credit-graph-readme-')) }), silentLogger);
  });

  afterAll(async () => {
    await service.close();
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

  it.each(examples.map((example) => [example.name, example] as const))('%s works as written against the demo data', async (_name, example) => {
    const ids = Object.fromEntries((service.sandbox?.demo ?? []).map((proposal) => [`<${proposal.label} id>`, proposal.id]));
    const variables = JSON.parse(JSON.stringify(example.variables), (_key, value: unknown) =>
      typeof value === 'string' && value in ids ? ids[value] : value,
    ) as Record<string, unknown>;
    const response = await executeGraphQL<Record<string, unknown>, Record<string, unknown>>(service.http.graphqlUrl, example.query, variables);
    expect(response.errors).toBeUndefined();
    expect(userErrors(response.data)).toEqual([]);
    const [root] = Object.values(response.data ?? {});
    expect(root).not.toBeNull();
    EXPECTED[example.name]?.(response.data as unknown as Answers);
  });
});
