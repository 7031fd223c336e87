/// <reference lib="dom" />
/**
 * The development explorer in a real headless browser (Debian's chromium through playwright-core):
 * the editor loads, every script and stylesheet comes from the graph's own origin (the browser is
 * offline: any other request is aborted and counted), and a query run from the page returns data.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { loadConfig } from '../../../src/config/index.js';
import { type Service, startService } from '../../../src/service.js';
import { silentLogger } from '../../../src/server/logger.js';

const CHROMIUM = '/usr/bin/chromium';
const describeWithChromium = existsSync(CHROMIUM) ? describe : describe.skip;
if (!existsSync(CHROMIUM)) {
  console.warn(`explorer browser test SKIPPED: no Chromium at ${CHROMIUM} (.ci/run installs it)`);
}

describeWithChromium('the offline GraphiQL explorer in Chromium', () => {
  let service: Service;
  let browser: Browser;
  // Its own embedded ledger: the default .data may be held by a developer's npm start or another run.
  const dataDir = mkdtempSync(join(tmpdir(), 'credit-graph-explorer-'));

  beforeAll(async () => {
    service = await startService(loadConfig({ PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), silentLogger);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads the editor from the graph alone, pre-filled with the README operations and demo ids, and runs a query', async () => {
    const origin = new URL(service.http.url).origin;
    const context = await browser.newContext();
    const page = await context.newPage();
    const foreign: string[] = [];
    const assets: Array<{ url: string; type: string }> = [];
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (new URL(url).origin !== origin) {
        foreign.push(url);
        await route.abort();
        return;
      }
      await route.continue();
    });
    page.on('request', (request) => {
      if (['script', 'stylesheet', 'font', 'image'].includes(request.resourceType())) {
        assets.push({ url: request.url(), type: request.resourceType() });
      }
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const consoled: string[] = [];
    page.on('console', (message) => consoled.push(`${message.type()}: ${message.text()}`));

    const response = await page.goto(service.http.graphqlUrl, { waitUntil: 'load', timeout: 60_000 });
    expect(response?.status()).toBe(200);
    // The editor is up: GraphiQL's query editor holds the first README example.
    await page.waitForSelector('.graphiql-query-editor .CodeMirror', { timeout: 60_000 }).catch(async (error: unknown) => {
      throw new Error(
        `${String(error)}\npage errors: ${errors.join('; ')}\nforeign: ${foreign.join(' ')}\nconsole: ${consoled.join('; ')}\n${(await page.content()).slice(0, 1500)}`,
      );
    });
    const editorText = await page.evaluate(() => {
      const editor = document.querySelector('.graphiql-query-editor .CodeMirror') as (Element & { CodeMirror?: { getValue(): string } }) | null;
      return editor?.CodeMirror?.getValue() ?? '';
    });
    expect(editorText).toContain('query ProposalWithAgenda($id: ID!)');
    // Every README example is a tab.
    expect(await page.locator('.graphiql-tab').count()).toBeGreaterThanOrEqual(4);

    const disbursed = service.sandbox?.demo.find((proposal) => proposal.label === 'disbursed');
    const editors = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.CodeMirror')).map(
        (editor) => (editor as Element & { CodeMirror?: { getValue(): string } }).CodeMirror?.getValue() ?? '',
      ),
    );
    const variables = editors.filter((text) => text.includes('"id"'));
    expect(variables.map((text) => JSON.parse(text) as unknown)).toEqual([{ id: disbursed?.id }]);

    await page.click('.graphiql-execute-button');
    await page.waitForFunction(() => (document.querySelector('.result-window')?.textContent ?? '').includes('"situation"'), undefined, { timeout: 60_000 });
    const result = (await page.locator('.result-window').textContent()) ?? '';
    expect(result).toContain('"situation": "DISBURSED"');
    expect(result).toContain(`"number": ${disbursed?.number}`);

    expect(foreign).toEqual([]);
    expect(assets.filter((asset) => asset.type === 'script').map((asset) => new URL(asset.url).pathname)).toEqual([
      '/explorer/react.production.min.js',
      '/explorer/react-dom.production.min.js',
      '/explorer/graphiql.min.js',
      '/explorer/graphql-ws.min.js',
      '/explorer/init.js',
    ]);
    expect(assets.filter((asset) => asset.type === 'stylesheet').map((asset) => new URL(asset.url).pathname)).toEqual(['/explorer/graphiql.min.css']);
    expect(assets.every((asset) => asset.url.startsWith(`${origin}/`) || asset.url.startsWith('data:'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
