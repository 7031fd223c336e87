/**
 * `POST /uploads`: a document's raw bytes, streamed apart from GraphQL (whose body limit is sized for
 * GraphQL) into the ledger's database and held for `attachDocument`'s `uploadId`
 * (ledger/uploads/upload-store.ts). The same callers as the GraphQL route (API key or JWT; any
 * authenticated caller may attach documents), the same admission (counted as a write), its own size
 * limit (`UPLOAD_MAX_BYTES`, counted as the bytes arrive, 413 once the rest has been read and
 * dropped), the store's bounds on bytes held (503 for all callers, 429 for one), and 503
 * `LEDGER_UNAVAILABLE` when the database fails or does not answer in time.
 */
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type Readable } from 'node:stream';
import { LedgerUnavailableError, type UploadReceipt, type UploadRefusal, type UploadSettings, type UploadStore, type UploadSummary } from '../ledger/index.js';
import { type Admission } from './admission.js';
import { type CallerAuthenticator } from './callers.js';
import { HttpError } from './errors.js';
import { discardBody } from './request-body.js';

/** Path of the upload route. */
export const UPLOADS_PATH = '/uploads';

/** What the upload route needs of the app. */
export interface UploadRouteDeps {
  store: UploadStore;
  authenticate: CallerAuthenticator;
  admission: Admission;
}

/** The answer to an accepted upload (HTTP 201). */
export interface UploadAnswer {
  uploadId: string;
  sizeBytes: number;
  sha256: string;
  expiresAt: string;
}

/** Registers `POST /uploads` on `http`, with a parser of its own that leaves the body a stream. */
export async function registerUploadRoute(http: FastifyInstance, deps: UploadRouteDeps): Promise<void> {
  await http.register(async (scope) => {
    // Any media type (the document's own, or application/octet-stream), read by the handler once the caller is known.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.post(UPLOADS_PATH, { bodyLimit: deps.store.settings.maxBytes }, (request, reply) => receiveUpload(request, reply, deps));
  });
}

async function receiveUpload(request: FastifyRequest, reply: FastifyReply, deps: UploadRouteDeps): Promise<FastifyReply> {
  const caller = await deps.authenticate(request.headers.authorization);
  if (caller === undefined) {
    await discardBody(request.raw);
    void reply.header('www-authenticate', 'Bearer');
    throw new HttpError(401, 'UNAUTHENTICATED', 'A valid API key or token is required: send Authorization: Bearer <key or JWT>.');
  }
  const release = deps.admission.admit(true);
  if (release === undefined) {
    await discardBody(request.raw);
    void reply.header('retry-after', '1');
    throw new HttpError(503, 'OVERLOADED', 'The graph is serving as many requests as it can; retry in a moment.');
  }
  try {
    let outcome: UploadSummary | UploadRefusal;
    try {
      const receipt = await deps.store.receive(caller.callerId);
      const body = request.body as Readable | undefined;
      const refusal = body === undefined ? undefined : await readInto(body, receipt);
      outcome = refusal ?? (await receipt.commit());
    } catch (error) {
      if (!(error instanceof LedgerUnavailableError)) {
        throw error;
      }
      await discardBody(request.raw);
      void reply.header('retry-after', '1');
      throw new HttpError(503, 'LEDGER_UNAVAILABLE', 'The graph cannot reach the database that holds uploads; retry in a moment.');
    }
    if (typeof outcome === 'string') {
      if (outcome !== 'too-large') {
        // The error handler drains only a 413's body: this one is read and dropped here.
        await discardBody(request.raw);
      }
      throw refusalError(outcome, deps.store.settings, reply);
    }
    const answer: UploadAnswer = {
      uploadId: outcome.id,
      sizeBytes: outcome.sizeBytes,
      sha256: outcome.sha256,
      expiresAt: outcome.expiresAt.toISOString(),
    };
    return await reply.code(201).header('cache-control', 'no-store').send(answer);
  } finally {
    release();
  }
}

/**
 * Reads `body` into `receipt` until it ends or a chunk is refused, one chunk at a time: the stream
 * is paused while a chunk is taken (written to the store when a chunk row is full), so an upload in
 * flight holds at most one chunk row and one network chunk. On a refusal the stream stays paused,
 * not destroyed, so the rest can be read and dropped and the answer sent (a destroyed request resets
 * the connection before the client reads the answer). The stream may end while its last chunk is
 * still being taken (it ends once that chunk is read, paused or not): the outcome is then that chunk's.
 */
export function readInto(body: Readable, receipt: UploadReceipt): Promise<UploadRefusal | undefined> {
  return new Promise((resolve, reject) => {
    let failed = false;
    let taking: Promise<UploadRefusal | undefined> = Promise.resolve(undefined);
    const fail = (error: unknown): void => {
      if (!failed) {
        failed = true;
        body.off('data', onData);
        body.pause();
        void receipt.abort().finally(() => reject(error));
      }
    };
    const onData = (chunk: Buffer): void => {
      body.pause();
      taking = receipt.add(chunk).then(
        (refusal) => {
          if (refusal !== undefined) {
            body.off('data', onData);
            resolve(refusal);
          } else if (!failed) {
            body.resume();
          }
          return refusal;
        },
        (error: unknown) => {
          fail(error);
          return undefined;
        },
      );
    };
    body.on('data', onData);
    body.once('end', () => {
      void taking.then((refusal) => {
        if (!failed) {
          resolve(refusal);
        }
      });
    });
    body.once('error', fail);
  });
}

function refusalError(refusal: UploadRefusal, settings: UploadSettings, reply: FastifyReply): HttpError {
  if (refusal === 'too-large') {
    return new HttpError(413, 'PAYLOAD_TOO_LARGE', `The upload is larger than ${settings.maxBytes} bytes (UPLOAD_MAX_BYTES).`);
  }
  void reply.header('retry-after', '5');
  if (refusal === 'caller-full') {
    return new HttpError(
      429,
      'UPLOAD_QUOTA_EXCEEDED',
      `Your uploads not yet expired already hold ${settings.maxCallerBytes} bytes (UPLOAD_CALLER_MAX_BYTES); retry once some expire.`,
    );
  }
  return new HttpError(503, 'UPLOAD_STORE_FULL', 'The graph holds as many uploads as it can; retry in a moment (uploads expire).');
}
