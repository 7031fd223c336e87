/**
 * The signer's journey end to end, in a real headless Chromium (Debian's, driven by playwright-core):
 * a proposal created through the graph is approved by the partner's credit analysis, its signers are
 * invited through the graph, each opens `urlAssinatura`, reads the summary and signs, and the graph
 * then reads the proposal FINALIZED.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

const CREATE = `mutation ($key: String!, $input: CreateProposalInput!) {
  createProposal(idempotencyKey: $key, input: $input) { proposal { id number situation } userErrors { code upstreamCode } } }`;
const INVITE = `mutation ($key: String!, $input: InviteSignersInput!) {
  inviteSigners(idempotencyKey: $key, input: $input) { signingUrl userErrors { code upstreamCode } } }`;
const SITUATION = `query ($id: ID!) { proposal(id: $id) { situation situationCode } }`;
/** Signing happens outside the graph: its reads ask the partner afresh (the read cache's opt-out). */
const FRESH = { 'cache-control': 'no-cache' };

const SIGNERS = [
  { name: 'Ana Assinante', document: '529.982.247-25', email: 'ana@example.com', mobilePhone: '11987654321', description: 'Cliente' },
  { name: 'Bruno Avalista', document: '111.444.777-35', email: 'bruno@example.com', mobilePhone: '21987654321', description: 'Avalista' },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are read by path
function data(answer: { data?: any; errors?: unknown }): any {
  expect(answer.errors).toBeUndefined();
  return answer.data;
}

describe('the signer journey in a real browser', () => {
  let graph: TestGraph;
  let browser: Browser;

  beforeAll(async () => {
    graph = await startTestGraph();
    browser = await chromium.launch(CHROMIUM);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await graph?.close();
  });

  async function sign(page: Page, document: string): Promise<void> {
    await page.fill('#documento', document);
    await page.check('input[name="aceite"]');
    await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.click('button[type="submit"]')]);
    await page.waitForSelector('#notice');
  }

  it('opens urlAssinatura, signs as each invited signer, and the graph reads the proposal FINALIZED', async () => {
    const input = { clientDocument: '390.533.447-05', contractType: 'CP', installments: 6, monthlyInterestRate: '1.99', requestedAmount: '1000.00' };
    const created = data(await graph.execute(CREATE, { key: 'journey-create', input })).createProposal;
    expect(created.userErrors).toEqual([]);
    const { id, number } = created.proposal;
    expect(created.proposal.situation).toBe('UNDER_REVIEW');

    // Signers are refused until the partner's credit analysis approves the proposal.
    const early = data(await graph.execute(INVITE, { key: 'journey-invite-early', input: { proposalId: id, signers: SIGNERS } })).inviteSigners;
    expect(early.userErrors).toEqual([expect.objectContaining({ upstreamCode: 'C0060/V0003' })]);
    await graph.admin.concludeAnalyses();
    expect(data(await graph.execute(SITUATION, { id }, FRESH)).proposal).toEqual({ situation: 'APPROVED', situationCode: 2 });

    const invited = data(await graph.execute(INVITE, { key: 'journey-invite', input: { proposalId: id, signers: SIGNERS } })).inviteSigners;
    expect(invited.userErrors).toEqual([]);
    const url = String(invited.signingUrl);
    expect(url).toMatch(new RegExp(`^${graph.sandbox.url}/assinatura/${id}/[0-9a-f]{32}$`));

    const context = await browser.newContext();
    try {
      const first = await context.newPage();
      const opened = await first.goto(url);
      expect(opened?.status()).toBe(200);
      expect(await first.textContent('#numero')).toBe(String(number));
      expect(await first.textContent('#valor')).toBe('R$ 1.000,00');
      expect(await first.textContent('#parcelas')).toMatch(/^6 x R\$ \d+,\d{2}$/);
      expect(await first.textContent('#situacao')).toBe('2 (Aprovada)');
      expect(await first.locator('#signers tr.pending').count()).toBe(2);
      await sign(first, '529.982.247-25');
      expect(await first.textContent('#notice')).toMatch(
        /^Assinatura de Ana Assinante registrada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC\. Faltam 1 assinatura\(s\)\.$/,
      );
      expect(data(await graph.execute(SITUATION, { id }, FRESH)).proposal).toEqual({ situation: 'APPROVED', situationCode: 2 });

      // The second signer opens the same link in a page of their own.
      const second = await context.newPage();
      await second.goto(url);
      expect(await second.locator('#signers tr.signed').count()).toBe(1);
      await sign(second, '11144477735');
      expect(await second.textContent('#finalized')).toBe('Todas as assinaturas foram registradas: proposta finalizada.');
      expect(await second.locator('#sign').count()).toBe(0);
    } finally {
      await context.close();
    }

    expect(data(await graph.execute(SITUATION, { id }, FRESH)).proposal).toEqual({ situation: 'FINALIZED', situationCode: 6 });
    const { signers } = await graph.admin.signers(id);
    expect(signers.map((s) => [s.name, s.signed, s.signedFromIp])).toEqual([
      ['Ana Assinante', true, '127.0.0.1'],
      ['Bruno Avalista', true, '127.0.0.1'],
    ]);
    for (const s of signers) {
      expect(Date.parse(s.signedAt ?? '')).not.toBeNaN();
    }
  }, 120_000);
});
