/** The streamed upload route's settings (`POST /uploads`, src/server/uploads.ts): size, lifetime, total held. */
import { integer } from './parsers.js';
import { setting } from './setting.js';

/** Documents, sent apart from GraphQL. */
export const uploads = {
  UPLOAD_MAX_BYTES: setting(integer(1024, 1024 ** 3), {
    default: 10 * 1024 * 1024,
    shown: '`10485760` (10 MiB)',
    description:
      "Largest body of `POST /uploads` (a document's raw bytes, sent apart from GraphQL for `attachDocument`'s `uploadId`); a larger one gets HTTP 413 `PAYLOAD_TOO_LARGE` once the rest has been read and dropped. The partner takes documents up to 10 MiB.",
  }),
  UPLOAD_TTL_SECONDS: setting(integer(1, 86_400), {
    default: 900,
    description: 'How long an upload can be named by `attachDocument` (by the caller that sent it); then it is forgotten (`UPLOAD_NOT_FOUND`).',
  }),
  UPLOAD_STORE_MAX_BYTES: setting(integer(1024, 64 * 1024 ** 3), {
    default: 256 * 1024 * 1024,
    shown: '`268435456` (256 MiB)',
    description:
      'Bytes of uploads one replica holds at once (memory); an upload that would pass it is refused with HTTP 503 `UPLOAD_STORE_FULL` and `Retry-After` (uploads expire after `UPLOAD_TTL_SECONDS`).',
  }),
};
