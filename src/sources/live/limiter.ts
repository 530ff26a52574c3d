/** Runs tasks with at most `limit` of them unfinished at any time; the rest wait in arrival order. */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createLimiter(limit: number): Limiter {
  const capacity = Math.max(1, Math.floor(limit));
  let active = 0;
  const waiting: Array<() => void> = [];

  async function acquire(): Promise<void> {
    if (active < capacity) {
      active += 1;
      return;
    }
    // The releasing task hands its slot over directly, so `active` never dips and lets a newcomer jump the queue.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next === undefined) active -= 1;
    else next();
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
