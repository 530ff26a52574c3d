import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build.js';
import { caseFileYaml, caseYaml } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { peakMemoryProbe, runCliAsync } from './cli-process.js';

const tempDir = useTempDirs();
beforeAll(() => ensureBuilt());

/** A service that answers every trace request with a JSON body that never ends. */
function endlessService(): Promise<{ server: Server; url: string; sent: () => number }> {
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"finalAnswer":"');
    const pump = (): void => {
      while (!response.destroyed) {
        sent += chunk.length;
        if (!response.write(chunk)) {
          response.once('drain', pump);
          return;
        }
      }
    };
    request.socket.on('close', () => response.destroy());
    pump();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, sent: () => sent });
    });
  });
}

let open: Server | null = null;
afterEach(() => {
  open?.close();
  open?.closeAllConnections();
  open = null;
});

describe('live mode reads at most --max-body-mb of a response (S44)', () => {
  it.each([
    ['the default, 64 MiB', [] as string[], 64, 400],
    ['--max-body-mb 2', ['--max-body-mb', '2'], 2, 200],
  ] as const)(
    'S44: an endless body with %s: the case is not_run with a clean reason, memory stays bounded',
    async (_name, flags, limitMb, maxRssMb) => {
      const service = await endlessService();
      open = service.server;
      const cwd = tempDir();
      writeFileSync(join(cwd, 'cases.yaml'), caseFileYaml([caseYaml('endless', ['sessionId: s1'])]));
      const probe = peakMemoryProbe(cwd);
      const run = await runCliAsync(['run', '--cases', 'cases.yaml', '--api', service.url, '--quiet', ...flags], cwd, {
        nodeOptions: probe.nodeOptions,
        timeoutMs: 60_000,
      });
      expect(run.signal).toBeNull();
      expect(run.code, run.stderr).toBe(1);
      const report = JSON.parse(readFileSync(join(cwd, 'eval-out', 'report.json'), 'utf8')) as {
        cases: { status: string; reason: string }[];
      };
      expect(report.cases[0]).toMatchObject({
        status: 'not_run',
        reason: `GET /api/diagnosis/s1/trace: the response body is over the ${limitMb} MiB limit (--max-body-mb) (1 attempt)`,
      });
      const peakMb = probe.peakMb();
      // Reading went on past the limit only by what was in flight, and stopped.
      expect(service.sent()).toBeGreaterThan(limitMb * 1024 * 1024);
      expect(peakMb).toBeLessThan(maxRssMb);
    },
  );
});
