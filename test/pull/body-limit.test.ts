import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/sources/live/http-client.js';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A server on 127.0.0.1 answering every request with `size` bytes, with or without a Content-Length. */
async function serveBytes(size: number, declareLength: boolean): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((_request, response) => {
    hits += 1;
    response.writeHead(200, declareLength ? { 'content-length': String(size) } : {});
    response.end('x'.repeat(size));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/traces/abc`, hits: () => hits };
}

describe('the HTTP client bounds the body it reads', () => {
  it.each([
    ['declared in Content-Length', true],
    ['streamed without a length', false],
  ])(
    'S59: a body over maxBodyBytes (%s) is a failure naming the limit, not retried; one at the limit is read',
    async (_label, declareLength) => {
      const client = createHttpClient({ timeoutMs: 5000, concurrency: 1, headers: [], maxBodyBytes: 1000 });
      const big = await serveBytes(5000, declareLength);
      const over = await client.send({ method: 'GET', url: new URL(big.url) });
      expect(over).toMatchObject({ kind: 'failure', attempts: 1 });
      expect(over.kind === 'failure' ? over.error : null).toMatch(/^the response body is over the .+ limit/);
      expect(big.hits()).toBe(1);
      const exact = await serveBytes(1000, declareLength);
      const read = await client.send({ method: 'GET', url: new URL(exact.url) });
      expect(read.kind === 'response' ? read.body.length : null).toBe(1000);
    },
  );
});
