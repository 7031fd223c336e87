import { createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

/** A loopback proxy to the sandbox keeping the bodies of the IncluirDocumento requests it forwards (set `target` once the sandbox runs). */
export interface RecordingProxy {
  url: string;
  target: string;
  documents: Buffer[];
  close(): Promise<void>;
}

export async function startRecordingProxy(): Promise<RecordingProxy> {
  const proxy: RecordingProxy = { url: '', target: '', documents: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => {
      const body = Buffer.concat(chunks);
      if ((req.url ?? '').endsWith('/IncluirDocumento')) {
        proxy.documents.push(body);
      }
      const upstream = httpRequest(new URL(req.url ?? '/', proxy.target), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () => new Promise((resolve) => server.close(() => resolve()));
  return proxy;
}
