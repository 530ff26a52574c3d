/**
 * How a request is named in reasons and messages: the method and the URL's path only. The
 * query string and the user-info part are left out because that is where callers put tokens.
 */
export function requestLabel(method: string, url: string | URL): string {
  return `${method} ${safePath(url)}`;
}

export function safePath(url: string | URL): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '(invalid URL)';
  }
}

/** The service's address for a summary line: scheme, host, port and path, nothing else. */
export function safeUrl(url: string | URL): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

export function attemptsText(attempts: number): string {
  return attempts === 1 ? '1 attempt' : `${attempts} attempts`;
}
