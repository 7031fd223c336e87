import { join } from 'node:path';
import { type AuditSettings } from '../shared/settings.js';
import { type Settings } from './schema.js';

export { type AuditSettings } from '../shared/settings.js';

/** The access record's settings: the key falls back to the person id key's value (the HKDF info strings differ). */
export function auditSettings(s: Settings, personIdSecret: string): AuditSettings {
  return {
    hmacKey: s.AUDIT_HMAC_KEY ?? personIdSecret,
    journalDir: s.AUDIT_JOURNAL_DIR ?? join(s.DATA_DIR, 'audit-journal'),
    flushMs: s.AUDIT_FLUSH_MS,
    maxQueued: s.AUDIT_MAX_QUEUED,
    maxQueuedBytes: s.AUDIT_MAX_QUEUED_BYTES,
    retentionDays: s.AUDIT_RETENTION_DAYS,
    purgeIntervalMs: s.AUDIT_PURGE_INTERVAL_MS,
  };
}
