import { subscribe, unsubscribe } from 'node:diagnostics_channel';

/**
 * Counts the TCP connections that fetch opens or tries to open to a port, refused ones
 * included, from the diagnostics channel of Node's HTTP client (undici): how often a request
 * was really tried, whatever the clock says.
 */
export function countConnectionAttempts(port: number): { count(): number; stop(): void } {
  let attempts = 0;
  const onConnect = (message: unknown): void => {
    const params = (message as { connectParams?: { port?: unknown } }).connectParams;
    if (String(params?.port) === String(port)) attempts += 1;
  };
  subscribe('undici:client:beforeConnect', onConnect);
  return {
    count: () => attempts,
    stop: () => unsubscribe('undici:client:beforeConnect', onConnect),
  };
}
