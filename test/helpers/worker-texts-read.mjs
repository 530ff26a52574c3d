// Preloaded with `node --import` by test/cli/background-reader.test.ts: counts, for each worker
// thread the process starts, the file texts it answers with (messages `{ id, texts }`, see
// src/sources/background-file-reader.ts), and prints the counts on stderr, one a line
// (`worker read N`), when the process ends. The bundled CLI requires node:worker_threads and
// reads its Worker class when it starts a thread, so the class replaced here is the one it uses.

import { writeSync } from 'node:fs';
import workerThreads from 'node:worker_threads';

const textsRead = [];
const { Worker } = workerThreads;
workerThreads.Worker = class CountedWorker extends Worker {
  constructor(...args) {
    super(...args);
    const index = textsRead.push(0) - 1;
    this.on('message', (message) => {
      for (const text of message?.texts ?? []) if (typeof text === 'string') textsRead[index] += 1;
    });
  }
};
process.on('exit', () => {
  for (const count of textsRead) writeSync(2, `worker read ${count}\n`);
});
