/**
 * `POST /uploads`: a document's raw bytes, streamed apart from GraphQL (whose body limit is sized for
 * GraphQL) and held for `attachDocument`'s `uploadId` (graphql/common/upload-store.ts). The same
 * callers as the GraphQL route (API key or JWT; any authenticated caller may attach documents), the
 * same admission (counted as a write), its own size limit (`UPLOAD_MAX_BYTES`, counted as the bytes
 * arrive, 413 once the rest has been read and dropped) and the store's bound on bytes held.
 */
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type Readable } from 'node:stream';
import { type UploadReceipt, type UploadRefusal, type UploadStore } from '../graphql/common/upload-store.js';
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
    const receipt = deps.store.receive();
    const body = request.body as Readable | undefined;
    const refusal = body === undefined ? undefined : await readInto(body, receipt);
    if (refusal !== undefined) {
      if (refusal === 'store-full') {
        // The error handler drains only a 413's body: this one is read and dropped here.
        await discardBody(request.raw);
      }
      throw refusalError(refusal, deps.store.settings.maxBytes, reply);
    }
    const upload = receipt.commit(caller.callerId);
    const answer: UploadAnswer = {
      uploadId: upload.id,
      sizeBytes: upload.bytes.length,
      sha256: upload.sha256,
      expiresAt: new Date(upload.expiresAt).toISOString(),
    };
    return await reply.code(201).header('cache-control', 'no-store').send(answer);
  } finally {
    release();
  }
}

/**
 * Reads `body` into `receipt` until it ends or a chunk is refused. On a refusal the stream is paused,
 * not destroyed, so the error handler can read and drop the rest and answer (a destroyed request
 * resets the connection before the client reads the answer).
 */
function readInto(body: Readable, receipt: UploadReceipt): Promise<UploadRefusal | undefined> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      const refusal = receipt.add(chunk);
      if (refusal !== undefined) {
        body.off('data', onData);
        body.pause();
        resolve(refusal);
      }
    };
    body.on('data', onData);
    body.once('end', () => resolve(undefined));
    body.once('error', (error) => {
      receipt.abort();
      reject(error);
    });
  });
}

function refusalError(refusal: UploadRefusal, maxBytes: number, reply: FastifyReply): HttpError {
  if (refusal === 'too-large') {
    return new HttpError(413, 'PAYLOAD_TOO_LARGE', `The upload is larger than ${maxBytes} bytes (UPLOAD_MAX_BYTES).`);
  }
  void reply.header('retry-after', '5');
  return new HttpError(503, 'UPLOAD_STORE_FULL', 'The graph holds as many uploads as it can; retry in a moment (uploads expire).');
}
