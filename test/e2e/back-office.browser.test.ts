/// <reference lib="dom" />
/**
 * The reference back office (examples/back-office/), built with Vite from
 * the committed SDL, served beside a graph and its sandbox, driven in Debian's Chromium through its
 * flows: my proposals (paged, filtered), a proposal's detail, creating a proposal, registering a
 * payment, generating a boleto, each business error on its field, and the situation changing live.
 * Every /graphql request the page sends is counted: after each write the page shows the new state
 * with no refetch of its query. Screenshots are kept in reports/back-office/ (CI artifacts).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type BackOfficeServer, buildBackOffice, serveBackOffice } from '../helpers/back-office.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const CHROMIUM = '/usr/bin/chromium';
const describeWithChromium = existsSync(CHROMIUM) ? describe : describe.skip;
if (!existsSync(CHROMIUM)) {
  console.warn(`back-office browser test SKIPPED: no Chromium at ${CHROMIUM} (.ci/run installs it)`);
}

/** Where the screenshots go: kept after the run, for CI to archive. */
const SCREENSHOTS = resolve(process.env.BACK_OFFICE_SCREENSHOTS ?? 'reports/back-office');
/** The credit analysis of proposals created in this test lasts a sandbox day: it ends when the test moves the clock. */
const ANALYSIS_MS = 86_400_000;
const CPF = '529.982.247-25';

/** One /graphql request of the page: its operation, its idempotency key, and whether it is a subscription stream. */
interface Sent {
  operation: string;
  idempotencyKey?: string;
  stream: boolean;
}

describeWithChromium('the reference back office in Chromium', () => {
  let graph: TestGraph;
  let app: BackOfficeServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let sent: Sent[];
  let errors: string[];
  const outDir = mkdtempSync(join(tmpdir(), 'back-office-'));
  /** Proposals created through the graph before the page opens, oldest first. */
  const seeded: string[] = [];
  let disbursed: string;

  /** The non-stream operations sent since the last `reset`, in order. */
  const operations = (): string[] => sent.filter((request) => !request.stream).map((request) => request.operation);

  async function createThroughGraph(index: number): Promise<string> {
    const created = await graph.execute<{ createProposal: { proposal: { id: string } | null; userErrors: unknown[] } }>(
      'mutation ($input: CreateProposalInput!, $key: String!) { createProposal(input: $input, idempotencyKey: $key) { proposal { id } userErrors { code } } }',
      {
        key: `seed-${index}`,
        input: {
          clientDocument: CPF,
          clientName: `Seed ${index}`,
          contractType: 'CP',
          requestedAmount: `${1000 + index}.00`,
          monthlyInterestRate: '2.5',
          installments: 6,
        },
      },
    );
    const id = created.data?.createProposal.proposal?.id;
    if (id === undefined) {
      throw new Error(`seed proposal ${index} not created: ${JSON.stringify(created)}`);
    }
    return id;
  }

  /** Opens the app afresh (a new page load, an empty cache) at `hash`. */
  async function open(hash: string): Promise<void> {
    await page.goto('about:blank');
    await page.goto(`${app.url}${hash}`, { waitUntil: 'load' });
  }

  /** Waits until the element at `selector` holds `text`. */
  async function waitForText(selector: string, text: string): Promise<void> {
    await page
      .waitForFunction(([sel, expected]) => (document.querySelector(sel as string)?.textContent ?? '').includes(expected as string), [selector, text], {
        timeout: 30_000,
      })
      .catch(async (error: unknown) => {
        throw new Error(
          `${String(error)}\n${selector} holds: ${await page
            .locator(selector)
            .first()
            .textContent()
            .catch(() => '(absent)')}\npage errors: ${errors.join('; ')}`,
        );
      });
  }

  const text = async (selector: string): Promise<string> => ((await page.locator(selector).first().textContent()) ?? '').trim();
  const rows = (selector: string): Promise<string[]> =>
    page.locator(`${selector} tbody tr`).evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.proposalId ?? ''));
  const shot = (name: string): Promise<Buffer> => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await buildBackOffice(outDir);
    graph = await startTestGraph({ env: { LIVE_POLL_INTERVAL_MS: '200' } });
    await graph.admin.setAnalysisDelayMs(ANALYSIS_MS);
    disbursed = graph.sandbox.demo.find((proposal) => proposal.label === 'disbursed')?.id ?? '';
    for (let index = 1; index <= 6; index += 1) {
      seeded.push(await createThroughGraph(index));
    }
    // Two of them approved at the partner (the second and the fifth), for the situation filter.
    await graph.admin.setSituation(seeded[1] as string, 2);
    await graph.admin.setSituation(seeded[4] as string, 2);
    app = await serveBackOffice(outDir, graph.url);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') {
        errors.push(`console: ${message.text()}`);
      }
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/graphql' || request.method() !== 'POST') {
        return;
      }
      const body = JSON.parse(request.postData() ?? '{}') as { operationName?: string; variables?: { idempotencyKey?: string } };
      sent.push({
        operation: body.operationName ?? '(anonymous)',
        ...(body.variables?.idempotencyKey === undefined ? {} : { idempotencyKey: body.variables.idempotencyKey }),
        stream: (request.headers().accept ?? '').includes('text/event-stream'),
      });
    });
  });

  beforeEach(() => {
    sent = [];
    errors = [];
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await graph?.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('lists my proposals newest first a page at a time, filtered by situation and ordered', async () => {
    await open('#/');
    await waitForText('[data-testid="total-count"]', '6 proposals');
    const newestFirst = [...seeded].reverse();
    expect(await rows('[data-testid="proposal-list"]')).toEqual(newestFirst.slice(0, 5));
    await shot('01-my-proposals');

    await page.getByRole('button', { name: 'Load more' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="proposal-list"] tbody tr').length === 6);
    expect(await rows('[data-testid="proposal-list"]')).toEqual(newestFirst);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    await page.selectOption('select[name="situation"]', 'APPROVED');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="proposal-list"] tbody tr').length === 2);
    expect(await rows('[data-testid="proposal-list"]')).toEqual([seeded[4], seeded[1]]);
    expect(await page.locator('[data-testid="proposal-list"] [data-testid="situation"]').allTextContents()).toEqual(['Approved', 'Approved']);
    // The ledger cannot count a live filter: no total is shown.
    expect(await page.locator('[data-testid="total-count"]').count()).toBe(0);
    await shot('02-approved-filter');

    await page.selectOption('select[name="situation"]', '');
    await page.selectOption('select[name="order"]', 'ASC');
    await page.waitForFunction(
      (first) => document.querySelector('[data-testid="proposal-list"] tbody tr')?.getAttribute('data-proposal-id') === first,
      seeded[0],
    );
    expect(await rows('[data-testid="proposal-list"]')).toEqual(seeded.slice(0, 5));
    // The first page, the next page, the filter, the unfiltered list shown again (refreshed), the other order.
    expect(operations()).toEqual(['MyProposals', 'MyProposals', 'MyProposals', 'MyProposals', 'MyProposals']);
  });

  let created: string;

  it('creates a proposal: each business error on its field, one key per intent, then the new row heads the list with no refetch', async () => {
    const atPartner = (await graph.admin.proposals()).length;
    await open('#/');
    await waitForText('[data-testid="total-count"]', '6 proposals');
    const form = page.locator('[data-testid="create-proposal"]');
    await form.locator('input[name="clientDocument"]').fill('111.444.777-00');
    await form.locator('input[name="clientName"]').fill('Bia Back Office');
    await form.locator('input[name="requestedAmount"]').fill('0');
    await form.locator('input[name="monthlyInterestRate"]').fill('2.5');
    await form.locator('input[name="installments"]').fill('6');
    await form.getByRole('button', { name: 'Create proposal' }).click();
    await page.waitForSelector('[data-testid="error:input.clientDocument"]');
    await page.waitForSelector('[data-testid="error:input.requestedAmount"]');
    expect(
      await page.locator('[data-testid="error:input.clientDocument"] [data-code]').evaluateAll((spans) => spans.map((span) => span.getAttribute('data-code'))),
    ).toEqual(['INVALID_CLIENT_DOCUMENT']);
    expect(await text('[data-testid="error:input.clientDocument"]')).toContain('T0665/D0002');
    expect(await text('[data-testid="error:input.requestedAmount"]')).toContain('T0665/D0020');
    expect(await page.locator('[data-testid="error:form"]').count()).toBe(0);
    await shot('03-create-errors-on-fields');

    // The same input again (a second click, a retry): the same key, the recorded answer.
    const replayed = page.waitForResponse((response) => new URL(response.url()).pathname === '/graphql');
    await form.getByRole('button', { name: 'Create proposal' }).click();
    await replayed;
    await page.waitForSelector('[data-testid="error:input.clientDocument"]');

    await form.locator('input[name="clientDocument"]').fill(CPF);
    await form.locator('input[name="requestedAmount"]').fill('2500.00');
    await form.getByRole('button', { name: 'Create proposal' }).click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="proposal-list"] tbody tr').length === 6 &&
        document.querySelector('[data-testid="proposal-list"] tbody tr.new') !== null,
    );
    created = (await page.locator('[data-testid="proposal-list"] tbody tr.new').getAttribute('data-proposal-id')) ?? '';
    expect((await rows('[data-testid="proposal-list"]'))[0]).toBe(created);
    expect(await rows('[data-testid="proposal-list"]')).toEqual([created, ...[...seeded].reverse().slice(0, 5)]);
    expect(await text('[data-testid="proposal-list"] tr.new [data-testid="situation"]')).toBe('Under review');
    expect(await text('[data-testid="total-count"]')).toBe('7 proposals');
    expect(await page.locator('[data-testid^="error:"]').count()).toBe(0);
    await shot('04-created-heads-the-list');

    expect(operations()).toEqual(['MyProposals', 'CreateProposal', 'CreateProposal', 'CreateProposal']);
    const keys = sent.filter((request) => request.operation === 'CreateProposal').map((request) => request.idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    // The refused attempts sent nothing: one proposal more at the partner.
    expect((await graph.admin.proposals()).length).toBe(atPartner + 1);
  });

  it("shows a proposal's detail: client, installments, agenda, boletos and signers", async () => {
    const approved = seeded[1] as string;
    const invited = await graph.execute<{ inviteSigners: { userErrors: unknown[] } }>(
      'mutation ($id: ID!) { inviteSigners(idempotencyKey: "bo-invite", input: { proposalId: $id, signers: [{ name: "Ana Assina", email: "ana@example.com", document: "52998224725", mobilePhone: "11987654321" }] }) { userErrors { code } } }',
      { id: approved },
    );
    expect(invited.data?.inviteSigners.userErrors).toEqual([]);
    await open(`#/proposals/${approved}`);
    await waitForText('[data-testid="situation"]', 'Approved');
    expect(await text('[data-testid="client"]')).toBe('Seed 2 (52998224725) as submitted');
    expect(await page.locator('[data-testid="installments"] tbody tr').count()).toBe(6);
    expect(await text('[data-testid="agenda"]')).toContain('No agenda until the proposal is disbursed.');
    expect(await text('[data-testid="signers"]')).toBe('Ana Assina (ana@example.com): INVITED');
    expect(await page.locator('[data-testid="register-payment"]').count()).toBe(0);
    await shot('05-detail-approved');

    await open(`#/proposals/${disbursed}`);
    await page.waitForSelector('[data-testid="register-payment"]');
    expect(await text('[data-testid="client"]')).toContain('from the partner');
    expect(await page.locator('[data-testid="boletos"] tbody tr').count()).toBeGreaterThan(0);
    expect(await text('[data-testid="installments"] tr[data-installment="1"] [data-col="situation"]')).toBe('SETTLED');
    expect(await text('[data-testid="total-paid"]')).toMatch(/^R\$ [\d.]+,\d\d$/);
    await shot('06-detail-disbursed');
    expect(operations()).toEqual(['ProposalDetail', 'ProposalDetail']);
  });

  it('registers a payment: the amount error on its field, then the installment and the agenda total change with no refetch', async () => {
    await open(`#/proposals/${disbursed}`);
    await page.waitForSelector('[data-testid="register-payment"]');
    const row = '[data-testid="installments"] tr[data-installment="3"]';
    const balanceBefore = await text(`${row} [data-col="balance"]`);
    const totalBefore = await text('[data-testid="total-paid"]');
    const form = page.locator('[data-testid="register-payment"]');
    await form.locator('select[name="installmentNumber"]').selectOption('3');
    // More than the installment owes: the partner refuses it, on the amount.
    await form.locator('input[name="amount"]').fill('99999.00');
    await form.getByRole('button', { name: 'Register payment' }).click();
    await page.waitForSelector('[data-testid="error:input.payment.amount"]');
    expect(await text('[data-testid="error:input.payment.amount"]')).toContain('C0202/V0002');
    expect(await page.locator('[data-testid="error:input.payment.amount"] [data-code]').getAttribute('data-code')).toBe('OVER_BALANCE');
    await shot('07-payment-error-on-amount');

    await form.locator('input[name="amount"]').fill('100.00');
    await form.getByRole('button', { name: 'Register payment' }).click();
    await waitForText('[data-testid="payment-done"]', 'R$ 100,00');
    await waitForText(`${row} [data-col="paid"]`, 'R$ 100,00');
    expect(await text(`${row} [data-col="situation"]`)).toBe('PARTIALLY_PAID');
    expect(cents(await text(`${row} [data-col="balance"]`))).toBe(cents(balanceBefore) - 10_000);
    expect(cents(await text('[data-testid="total-paid"]'))).toBe(cents(totalBefore) + 10_000);
    expect(await page.locator('[data-testid^="error:"]').count()).toBe(0);
    await shot('08-payment-registered');
    expect(operations()).toEqual(['ProposalDetail', 'RegisterPayment', 'RegisterPayment']);
    const keys = sent.filter((request) => request.operation === 'RegisterPayment').map((request) => request.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it('generates a boleto: a refusal on its field, then the boleto in the table and on its installment with no refetch', async () => {
    await open(`#/proposals/${disbursed}`);
    await page.waitForSelector('[data-testid="generate-boleto"]');
    const boletosBefore = await page.locator('[data-testid="boletos"] tbody tr').count();
    const form = page.locator('[data-testid="generate-boleto"]');
    // Installment 1 is settled: the partner refuses a boleto for it.
    await form.locator('select[name="boletoInstallment"]').selectOption('1');
    await form.getByRole('button', { name: 'Generate boleto' }).click();
    await page.waitForSelector('[data-testid^="error:"]');
    const placed = await page.locator('[data-testid^="error:"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
    expect(placed).toEqual(['error:input.installments']);
    expect(await text('[data-testid="error:input.installments"]')).toContain('C0201/V0002');
    await shot('09-boleto-refused');

    await form.locator('select[name="boletoInstallment"]').selectOption('5');
    await form.getByRole('button', { name: 'Generate boleto' }).click();
    await waitForText('[data-testid="boleto-done"]', 'generated for installment 5');
    await page.waitForFunction((before) => document.querySelectorAll('[data-testid="boletos"] tbody tr').length === before + 1, boletosBefore);
    const number = /Boleto (\d+)/.exec(await text('[data-testid="boleto-done"]'))?.[1] ?? '';
    expect(await text(`[data-testid="boletos"] tr[data-boleto="${number}"] td:nth-child(2)`)).toBe('5');
    expect(await text('[data-testid="installments"] tr[data-installment="5"] [data-col="boletos"]')).toBe(number);
    await shot('10-boleto-generated');
    expect(operations()).toEqual(['ProposalDetail', 'GenerateBoleto', 'GenerateBoleto']);
  });

  // The graph's watcher polls the proposal (LIVE_POLL_INTERVAL_MS) and streams the change over graphql-sse.
  it('shows the situation change live: under review, then approved when the analysis ends, with no reload and no refetch', async () => {
    await open(`#/proposals/${created}`);
    await waitForText('[data-testid="situation"]', 'Under review');
    await waitForText('[data-testid="live-status"]', 'live');
    await page.evaluate(() => {
      (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
    });
    await shot('11-live-under-review');

    await graph.admin.concludeAnalyses();
    await waitForText('[data-testid="situation"]', 'Approved');
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    await shot('12-live-approved');
    expect(operations()).toEqual(['ProposalDetail']);
    expect(sent.filter((request) => request.stream).map((request) => request.operation)).toEqual(['ProposalChanged']);
  });

  // The list subscribes to viewerProposalEvents: every proposal of the caller, one stream for the page.
  it("shows the list's situations live: a row goes from under review to approved with no reload and no refetch", async () => {
    const fresh = await createThroughGraph(7);
    const situation = `[data-proposal-id="${fresh}"] [data-testid="situation"]`;
    await open('#/');
    await waitForText(situation, 'Under review');
    await waitForText('[data-testid="list-live-status"]', 'live');
    await page.evaluate(() => {
      (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
    });
    await shot('13-list-live-under-review');

    await graph.admin.concludeAnalyses();
    await waitForText(situation, 'Approved');
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    await shot('14-list-live-approved');
    expect(operations()).toEqual(['MyProposals']);
    expect(sent.filter((request) => request.stream).map((request) => request.operation)).toEqual(['ViewerProposalEvents']);
  });
});

/** "R$ 1.234,56" in cents. */
function cents(shown: string): number {
  return Number(shown.replace(/[^\d]/g, ''));
}
