import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { exportPKCS8, exportSPKI, generateKeyPair, importPKCS8 } from 'jose';
import { createPublicKey } from 'node:crypto';
import { DEFAULT_ANALYSIS_DELAY_MS } from './model/analysis.js';
import { createSandbox } from './server.js';

/** Client id of the demo client `npm run sandbox` registers and gives the demo data to. */
export const DEMO_CLIENT_ID = 'sandbox-demo-client';
/** Where the demo client's private key is kept (git-ignored). */
export const DEMO_KEY_FILE = '.sandbox/demo-client.pem';

/** The demo client's key pair: read from the key file, or generated and written there (mode 600). */
async function demoKeyPair(file: string): Promise<{ publicKeyPem: string }> {
  try {
    const privateKeyPem = await readFile(file, 'utf8');
    await importPKCS8(privateKeyPem, 'RS256');
    const publicKeyPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
    return { publicKeyPem };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} exists but is not a PKCS#8 RSA private key; delete it to generate a new one`);
    }
  }
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, await exportPKCS8(privateKey), { mode: 0o600 });
  return { publicKeyPem: await exportSPKI(publicKey) };
}

function port(): number {
  const raw = process.env.SANDBOX_PORT ?? '4010';
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > 65535) {
    throw new Error(`SANDBOX_PORT must be a port number (0-65535), got "${raw}"`);
  }
  return n;
}

/** SANDBOX_ANALYSIS_SECONDS: how long a new proposal's credit analysis takes (default 10). */
function analysisDelayMs(): number | undefined {
  const raw = process.env.SANDBOX_ANALYSIS_SECONDS;
  if (raw === undefined || raw === '') {
    return undefined;
  }
  const n = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || n > 86_400) {
    throw new Error(`SANDBOX_ANALYSIS_SECONDS must be a number of seconds from 0 to 86400, got "${raw.slice(0, 50)}"`);
  }
  return Math.round(n * 1000);
}

async function main(): Promise<void> {
  const keyFile = resolve(process.cwd(), DEMO_KEY_FILE);
  const { publicKeyPem } = await demoKeyPair(keyFile);
  const delayMs = analysisDelayMs() ?? DEFAULT_ANALYSIS_DELAY_MS;
  const sandbox = await createSandbox({
    port: port(),
    host: process.env.SANDBOX_HOST ?? '127.0.0.1',
    clients: [{ clientId: DEMO_CLIENT_ID, publicKeyPem }],
    demoOwner: DEMO_CLIENT_ID,
    analysisDelayMs: delayMs,
    log: (line) => console.error(line),
  });
  const lines = [
    `Sandbox listening on ${sandbox.url}`,
    `  base URL:         ${sandbox.baseUrl}`,
    `  environment URL:  ${sandbox.environmentUrl}`,
    `  token endpoint:   ${sandbox.authUrl}/connect/token`,
    `  OpenAPI:          ${sandbox.url}/_sandbox/openapi.json`,
    `  client id:        ${DEMO_CLIENT_ID}`,
    `  private key file: ${keyFile}`,
    `  credit analysis:  ${delayMs / 1000} s after a proposal is created (SANDBOX_ANALYSIS_SECONDS)`,
    '  demo proposals:',
    ...sandbox.demo.map(
      (d) => `    ${d.label.padEnd(20)} situacao ${String(d.situation).padStart(2)}  numero ${d.number}  codigo ${d.id}  codigoOperacao ${d.operationCode}`,
    ),
  ];
  console.log(lines.join('\n'));
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`sandbox: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
