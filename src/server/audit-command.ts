import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.js';
import {
  type AccessFilter,
  accessKeys,
  type AccessStore,
  exportAccessRecords,
  openLedgerDatabase,
  purgeAccessRecords,
  SqlAccessStore,
  verifyAccessChains,
} from '../ledger/index.js';
import { onlyDigits } from '../shared/documents.js';
import { isEntryPoint } from '../shared/entry-point.js';

const USAGE = `usage: npm run audit -- <command> [options]
  person <cpf-or-cnpj>   who accessed this person's data (records whose subject is its HMAC)
  caller <caller-id>     what this caller did
  proposal <id>          what happened to this proposal
  verify                 checks every hash chain: exit 1 when a record was edited or deleted
  purge                  deletes records older than AUDIT_RETENTION_DAYS now (as the service does periodically)
options (person, caller, proposal): --from <ISO instant> --to <ISO instant> --format json|csv (default json)
  --limit <n> (default 10000) --out <file> (default: standard output)
Reads DATABASE_URL (else the embedded ledger under DATA_DIR: stop the service first) and AUDIT_HMAC_KEY.`;

/** Where the command writes: its answer, and its complaints. */
export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

function instant(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) {
    return undefined;
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new Error(`--${name} must be an ISO 8601 instant (e.g. 2026-01-31T00:00:00Z)`);
  }
  return date;
}

/**
 * The access record's answers without the graph: the same queries, export, chain verification and
 * purge, over the ledger database the configuration names. Returns the exit code.
 */
export async function runAuditCommand(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, output: CommandOutput): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { from: { type: 'string' }, to: { type: 'string' }, format: { type: 'string' }, limit: { type: 'string' }, out: { type: 'string' } },
    });
  } catch (error) {
    output.err(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const [command, subject] = parsed.positionals;
  const needsSubject = command === 'person' || command === 'caller' || command === 'proposal';
  if (command === undefined || !(needsSubject || command === 'verify' || command === 'purge') || (needsSubject && subject === undefined)) {
    output.err(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig(env);
  const keys = accessKeys(config.audit.hmacKey);
  const database = await openLedgerDatabase(
    config.ledger.databaseUrl === undefined ? { dataDir: config.ledger.dataDir } : { databaseUrl: config.ledger.databaseUrl, poolSize: 2 },
  );
  const store: AccessStore = new SqlAccessStore(database.db);
  try {
    if (command === 'verify') {
      const verification = await verifyAccessChains(store, keys);
      output.out(`${JSON.stringify(verification, null, 2)}\n`);
      return verification.problems.length === 0 ? 0 : 1;
    }
    if (command === 'purge') {
      const deleted = await purgeAccessRecords(store, { retentionMs: config.audit.retentionDays * 86_400_000, maxBatches: Number.MAX_SAFE_INTEGER });
      output.out(`${JSON.stringify({ deleted })}\n`);
      return 0;
    }
    const { from, to, format = 'json', limit = '10000', out } = parsed.values;
    if (format !== 'json' && format !== 'csv') {
      throw new Error('--format must be json or csv');
    }
    const filter: AccessFilter = {
      ...(command === 'person' ? { subjectHmac: keys.subject(onlyDigits(subject as string)) } : {}),
      ...(command === 'caller' ? { callerId: subject as string } : {}),
      ...(command === 'proposal' ? { proposalId: subject as string } : {}),
    };
    const fromDate = instant(from, 'from');
    const toDate = instant(to, 'to');
    const records = await store.find(
      { ...filter, ...(fromDate ? { from: fromDate } : {}), ...(toDate ? { to: toDate } : {}) },
      Math.max(1, Number(limit) || 10_000),
    );
    const file = exportAccessRecords(records, format, {
      ...(filter.subjectHmac === undefined ? {} : { subjectHmac: filter.subjectHmac }),
      generatedAt: new Date(),
    });
    if (out === undefined) {
      output.out(file.content);
    } else {
      writeFileSync(out, file.content);
      output.err(`${file.recordCount} records written to ${out}\n`);
    }
    return 0;
  } catch (error) {
    output.err(`${(error as Error).message}\n`);
    return 2;
  } finally {
    await database.close();
  }
}

if (isEntryPoint(import.meta.url, 'audit-command')) {
  process.exitCode = await runAuditCommand(process.argv.slice(2), process.env, {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
}
