/** The streamed upload route's settings (`POST /uploads`, src/server/uploads.ts): size, lifetime, bytes held, purge. */
import { integer } from './parsers.js';
import { setting } from './setting.js';

/** Documents, sent apart from GraphQL and held in the ledger's database until attached or expired. */
export const uploads = {
  UPLOAD_MAX_BYTES: setting(integer(1024, 1024 ** 3), {
    default: 10 * 1024 * 1024,
    shown: '`10485760` (10 MiB)',
    description:
      "Largest body of `POST /uploads` (a document's raw bytes, sent apart from GraphQL for `attachDocument`'s `uploadId`); a larger one gets HTTP 413 `PAYLOAD_TOO_LARGE` once the rest has been read and dropped. The partner takes documents up to 10 MiB.",
  }),
  UPLOAD_TTL_SECONDS: setting(integer(1, 86_400), {
    default: 900,
    description:
      'How long an upload can be named by `attachDocument` (by the caller that sent it), counted from the end of the upload; then it is `UPLOAD_NOT_FOUND` and the service deletes it from the ledger database (`UPLOAD_PURGE_INTERVAL_MS`).',
  }),
  UPLOAD_STORE_MAX_BYTES: setting(integer(1024, 64 * 1024 ** 3), {
    default: 256 * 1024 * 1024,
    shown: '`268435456` (256 MiB)',
    description:
      "Bytes of unexpired uploads the ledger's database holds at once, every replica and caller together, uploads still arriving counted; an upload that would pass it is refused with HTTP 503 `UPLOAD_STORE_FULL` and `Retry-After` (uploads expire after `UPLOAD_TTL_SECONDS`).",
  }),
  UPLOAD_CALLER_MAX_BYTES: setting(integer(1024, 64 * 1024 ** 3), {
    default: 64 * 1024 * 1024,
    shown: '`67108864` (64 MiB)',
    description:
      'Bytes of unexpired uploads one caller may hold at once (on every replica together, uploads still arriving counted); past it the upload is refused with HTTP 429 `UPLOAD_QUOTA_EXCEEDED` and `Retry-After`.',
  }),
  UPLOAD_PURGE_INTERVAL_MS: setting(integer(0, 86_400_000), {
    default: 60_000,
    description:
      'Period of the purge of expired uploads (and of uploads never finished) from the ledger database; `0` turns it off (tests). An expired upload is refused whether or not it has been purged yet.',
  }),
};
