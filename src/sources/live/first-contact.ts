import { InputError } from '../../io/errors.js';

/**
 * The first request to a service decides whether anything is there (docs/contract.md §8, and
 * `pull` in §1). It is sent alone, the others waiting for it; when it gets no answer at all (the
 * connection refused, the host not found) it is not tried again and nothing else is asked: the
 * address is wrong or the service is not running, and asking every case would only print the
 * same reason per case after the back-off of each. Once anything has answered, a failure is one
 * request's, retried and reported as it was before.
 */
export class ServiceUnreachableError extends InputError {}

export interface FirstContactTarget {
  /** The address as the message names it: scheme, host, port and path, no credentials or query. */
  address: string;
  /** What was expected there: `a diagnosis service`, `a Tempo trace store`. */
  expected: string;
}

export interface FirstContact {
  /** True for the one request that makes first contact; the others wait for it. Throws once the service was found unreachable. */
  enter(): Promise<boolean>;
  /** The first attempt's failure code, or null when it got a response; throws ServiceUnreachableError when nothing answered. */
  settle(failureCode: string | null): void;
}

/** The network errors that mean nothing answered, as the message words them. */
const NO_ANSWER: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed (EAI_AGAIN)',
  EHOSTUNREACH: 'no route to host',
  ENETUNREACH: 'network unreachable',
  // fetch never connects to the ports the Fetch standard blocks (9, 25, 6000, …): no request there can be answered.
  BAD_PORT: 'a port that fetch never connects to (the Fetch standard blocks it)',
};

/** How a failure code that means "nothing answered" is worded; null for any other outcome. */
export function noAnswerCause(code: string): string | null {
  return Object.hasOwn(NO_ANSWER, code) ? (NO_ANSWER[code] as string) : null;
}

export function createFirstContact(target: FirstContactTarget): FirstContact {
  let state: 'none' | 'pending' | 'made' = 'none';
  let unreachable: ServiceUnreachableError | null = null;
  const waiting: Array<() => void> = [];

  const open = (): void => {
    for (const resume of waiting.splice(0)) resume();
  };

  return {
    async enter() {
      if (unreachable !== null) throw unreachable;
      if (state === 'made') return false;
      if (state === 'none') {
        state = 'pending';
        return true;
      }
      await new Promise<void>((resume) => waiting.push(resume));
      if (unreachable !== null) throw unreachable;
      return false;
    },
    settle(failureCode) {
      const cause = failureCode === null ? null : noAnswerCause(failureCode);
      if (cause !== null) {
        const hint = failureCode === 'BAD_PORT' ? 'on another port' : '(is it running?)';
        unreachable = new ServiceUnreachableError(`${target.address}: ${cause}; expected ${target.expected} ${hint}`);
        open();
        throw unreachable;
      }
      state = 'made';
      open();
    },
  };
}

/** `http://host:port/base` of a URL: no user-info, query or fragment, and no lone `/` as its path. */
export function contactAddress(url: URL): string {
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${url.protocol}//${url.host}${path}`;
}
