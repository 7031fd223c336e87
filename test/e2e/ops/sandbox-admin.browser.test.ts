/// <reference lib="dom" />
/**
 * The sandbox's admin page (`GET /_sandbox/`) in a real headless browser: it lists the demo
 * proposals and performs what the partner does by itself (disburse), the clock and faults, through
 * the admin API, offline.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { createSandbox, type Sandbox } from '../../../src/sandbox/server.js';

const CHROMIUM = '/usr/bin/chromium';
const describeWithChromium = existsSync(CHROMIUM) ? describe : describe.skip;
if (!existsSync(CHROMIUM)) {
  console.warn(`sandbox admin browser test SKIPPED: no Chromium at ${CHROMIUM} (.ci/run installs it)`);
}

describeWithChromium('the sandbox admin page in Chromium', () => {
  let sandbox: Sandbox;
  let browser: Browser;

  beforeAll(async () => {
    sandbox = await createSandbox({ demoOwner: 'demo', now: new Date('2026-05-04T12:00:00Z') });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  });

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  it('lists the demo proposals, disburses one, moves the clock and sets faults from the page', async () => {
    const context = await browser.newContext();
    const origin = new URL(sandbox.url).origin;
    const foreign: string[] = [];
    await context.route('**/*', async (route) => {
      if (new URL(route.request().url()).origin !== origin) {
        foreign.push(route.request().url());
        await route.abort();
        return;
      }
      await route.continue();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    expect((await page.goto(`${sandbox.url}/_sandbox/`))?.status()).toBe(200);
    await page.waitForSelector('#proposals tbody tr');
    expect(await page.locator('#proposals tbody tr').count()).toBe(13);
    expect(await page.locator('a[href="/_sandbox/admin/openapi.json"]').count()).toBe(1);
    expect(await page.locator('a[href="/_sandbox/openapi.json"]').count()).toBe(1);

    const approved = sandbox.demo.find((proposal) => proposal.label === 'approved');
    const row = page.locator(`tr[data-codigo="${approved?.id ?? ''}"]`);
    await row.getByRole('button', { name: 'Disburse' }).click();
    await page.waitForFunction(() => (document.getElementById('status')?.textContent ?? '').includes('done'));
    expect(await page.locator(`tr[data-codigo="${approved?.id ?? ''}"] td:nth-child(3)`).textContent()).toBe('9 Paga');
    const listed = (await (await fetch(`${sandbox.url}/_sandbox/proposals`)).json()) as Array<{ codigo: string; situacao: number }>;
    expect(listed.find((proposal) => proposal.codigo === approved?.id)?.situacao).toBe(9);

    await page.getByRole('button', { name: '+1 day' }).click();
    await page.waitForFunction(() => document.getElementById('now')?.textContent === '2026-05-05T12:00:00.000Z');

    await page.fill('input[name="errorRate"]', '0.5');
    await page.getByRole('button', { name: 'Set faults' }).click();
    await page.waitForFunction(() => (document.getElementById('status')?.textContent ?? '') === 'Faults: done');
    expect(((await (await fetch(`${sandbox.url}/_sandbox/faults`)).json()) as { errorRate: number }).errorRate).toBe(0.5);
    await page.getByRole('button', { name: 'Clear faults' }).click();
    await page.waitForFunction(() => (document.getElementById('status')?.textContent ?? '') === 'Faults cleared: done');
    expect(await (await fetch(`${sandbox.url}/_sandbox/faults`)).json()).toEqual({});

    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
