import { InputError } from '../../io/errors.js';
import { safeUrl } from './http-client.js';

/**
 * The diagnosis service's endpoints under the `--api` URL (docs/contract.md §8). A base path is kept
 * (`https://gw/diag` → `https://gw/diag/api/chat`), and so is a query string, which some gateways
 * use for keys. User-info (`https://user:pass@host`) cannot go to fetch, which refuses such URLs,
 * so it becomes a Basic `Authorization` header and counts as a secret.
 */
export interface ServiceApi {
  /** The `--api` URL without credentials or fragment, for naming the service in messages. */
  base: URL;
  chatUrl: URL;
  traceUrl(sessionId: string): URL;
  /** Headers derived from the URL, to be sent as if given with `--header`. */
  headers: Array<[string, string]>;
  /** Credentials found in the URL, to be kept out of output like header values. */
  secrets: string[];
}

export function parseServiceApi(apiUrl: string): ServiceApi {
  let given: URL;
  try {
    given = new URL(apiUrl);
  } catch {
    // The text is not echoed: it may hold credentials, and a URL that does not parse cannot be trimmed of them.
    throw new InputError(
      '--api: the value is not a URL; expected an http:// or https:// URL such as http://127.0.0.1:8080',
    );
  }
  if (given.protocol !== 'http:' && given.protocol !== 'https:') {
    throw new InputError(
      `--api ${safeUrl(given)}: found the ${given.protocol.replace(/:$/u, '')} scheme; expected an http:// or https:// URL`,
    );
  }
  const { url: base, headers, secrets } = urlCredentials(given);
  base.hash = '';
  const basePath = base.pathname.replace(/\/+$/u, '');
  const at = (path: string): URL => {
    const url = new URL(base);
    url.pathname = `${basePath}${path}`;
    return url;
  };
  return {
    base,
    chatUrl: at('/api/chat'),
    traceUrl: (sessionId) => at(`/api/diagnosis/${pathSegment(sessionId)}/trace`),
    headers,
    secrets,
  };
}

/**
 * User-info of a URL (`https://user:pass@host`), which fetch refuses, as a Basic `Authorization`
 * header; the URL without it, and the password as a secret to keep out of output.
 */
export function urlCredentials(given: URL): { url: URL; headers: Array<[string, string]>; secrets: string[] } {
  const url = new URL(given.href);
  if (url.username === '' && url.password === '') return { url, headers: [], secrets: [] };
  const user = decodedOrNull(url.username) ?? url.username;
  const password = decodedOrNull(url.password) ?? url.password;
  url.username = '';
  url.password = '';
  return {
    url,
    headers: [['Authorization', `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`]],
    secrets: [password],
  };
}

/** URL parsing resolves `.` and `..` segments, so an id made of dots is escaped as well. */
function pathSegment(text: string): string {
  const encoded = encodeURIComponent(text);
  return encoded === '.' || encoded === '..' ? encoded.replaceAll('.', '%2E') : encoded;
}

/** decodeURIComponent of a URL part, or null when it holds a malformed escape. */
export function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
