/// <reference lib="dom" />
/**
 * GraphiQL on a graph with callers configured, in a real headless browser: the credential field
 * authenticates the schema fetch (Docs), queries and subscriptions (graphql-ws), is kept for the tab,
 * and the page says which caller it runs as. Every operation of schema/operations/ is a tab.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { loadConfig } from '../../../src/config/index.js';
import { type Service, startService } from '../../../src/service.js';
import { silentLogger } from '../../../src/server/logger.js';

const CHROMIUM = '/usr/bin/chromium';
const describeWithChromium = existsSync(CHROMIUM) ? describe : describe.skip;
if (!existsSync(CHROMIUM)) {
  console.warn(`explorer callers browser test SKIPPED: no Chromium at ${CHROMIUM} (.ci/run installs it)`);
}

const KEY = 'office-key-0123456789abcdef';

/** The text of the visible query editor, its variables editor, and the result pane. */
async function editors(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.CodeMirror')).map(
      (editor) => (editor as Element & { CodeMirror?: { getValue(): string } }).CodeMirror?.getValue() ?? '',
    ),
  );
}

async function setQuery(page: Page, query: string, variables: string): Promise<void> {
  await page.evaluate(
    ([q, v]) => {
      const [queryEditor, variablesEditor] = Array.from(document.querySelectorAll('.graphiql-editors .CodeMirror')) as Array<
        Element & { CodeMirror: { setValue(text: string): void } }
      >;
      queryEditor?.CodeMirror.setValue(q ?? '');
      variablesEditor?.CodeMirror.setValue(v ?? '');
    },
    [query, variables],
  );
  // GraphiQL reads the operation's name from the editor after a debounce: run only once the tab is named for it.
  const name = /^(?:query|mutation|subscription)\s+(\w+)/.exec(query)?.[1] ?? '';
  await page.waitForFunction((expected) => (document.querySelector('.graphiql-tab-active')?.textContent ?? '').includes(expected), name, { timeout: 30_000 });
}

describeWithChromium('GraphiQL on a graph with callers configured, in Chromium', () => {
  let service: Service;
  let browser: Browser;
  const dataDir = mkdtempSync(join(tmpdir(), 'credit-graph-explorer-callers-'));

  beforeAll(async () => {
    service = await startService(
      loadConfig({ PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, GRAPHQL_API_KEYS: `office:${KEY}:proposals.all` }),
      silentLogger,
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  });

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes a key, says the caller, shows Docs, runs a query and a subscription, and keeps the key on reload', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const consoled: string[] = [];
    page.on('console', (message) => consoled.push(`${message.type()}: ${message.text()}`));
    await page.goto(service.http.graphqlUrl, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForSelector('.graphiql-query-editor .CodeMirror', { timeout: 60_000 });
    await page.waitForFunction(() => (document.getElementById('caller')?.textContent ?? '').startsWith('Not authenticated'));

    await page.fill('#credential', KEY);
    await page.click('#credential-form button[type="submit"]');
    await page.waitForFunction(() => document.getElementById('caller')?.textContent === 'Runs as office (proposals.all)', undefined, { timeout: 60_000 });
    expect(await page.inputValue('#credential')).toBe(KEY);

    // Every operation of schema/operations/ is a tab: the examples first, subscriptions among them.
    const tabs = (await page.locator('.graphiql-tab').allTextContents()).map((text) => text.replace(/close icon$/, ''));
    expect(tabs.length).toBeGreaterThanOrEqual(20);
    expect(tabs).toEqual(expect.arrayContaining(['ProposalWithAgenda', 'CreateProposal', 'ProposalChanged', 'ViewerProposalEvents']));

    // Docs: the schema was fetched with the key.
    await page.click('button[aria-label="Show Documentation Explorer"]');
    // The root types are listed once the schema came (an error fetching it shows instead otherwise).
    await page
      .waitForFunction(() => (document.querySelector('.graphiql-doc-explorer')?.textContent ?? '').includes('Root Types'), undefined, { timeout: 30_000 })
      .catch(async (error: unknown) => {
        throw new Error(
          `${String(error)}\n${
            (await page
              .locator('.graphiql-plugin')
              .first()
              .textContent()
              .catch(() => '')) ?? ''
          }`,
        );
      });
    expect(await page.locator('.graphiql-doc-explorer').textContent()).toContain('query: Query');

    const disbursed = service.sandbox?.demo.find((proposal) => proposal.label === 'disbursed');
    await setQuery(page, 'query Mine { creditViewer { callerId } proposal(id: "' + (disbursed?.id ?? '') + '") { number situation } }', '{}');
    await page.click('.graphiql-execute-button');
    await page
      .waitForFunction(() => (document.querySelector('.result-window')?.textContent ?? '').includes('"situation"'), undefined, { timeout: 60_000 })
      .catch(async (error: unknown) => {
        throw new Error(
          `${String(error)}\nresult: ${(await page.locator('.result-window').textContent()) ?? ''}\neditors: ${(await editors(page)).join('\n---\n')}`,
        );
      });
    const result = (await page.locator('.result-window').textContent()) ?? '';
    expect(result).toContain('"callerId": "office"');
    expect(result).toContain('"situation": "DISBURSED"');

    // A subscription over graphql-ws, authenticated by connectionParams: its first event is the current state.
    await setQuery(
      page,
      'subscription Watch($id: ID!) { proposalChanged(id: $id) { initial proposal { id situation } } }',
      JSON.stringify({ id: disbursed?.id }),
    );
    await page.click('.graphiql-execute-button');
    await page
      .waitForFunction(() => (document.querySelector('.result-window')?.textContent ?? '').includes('"initial": true'), undefined, { timeout: 60_000 })
      .catch(async (error: unknown) => {
        throw new Error(
          `${String(error)}\nresult: ${(await page.locator('.result-window').textContent()) ?? ''}\neditors: ${(await editors(page)).join('\n---\n')}\n${consoled.join('\n')}`,
        );
      });
    expect((await page.locator('.result-window').textContent()) ?? '').toContain('"situation": "DISBURSED"');

    // Kept for the tab: a reload still runs as office.
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => document.getElementById('caller')?.textContent === 'Runs as office (proposals.all)', undefined, { timeout: 60_000 });
    expect((await editors(page)).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
