import { describe, expect, it } from 'vitest';
import {
  contactAddress,
  createFirstContact,
  noAnswerCause,
  ServiceUnreachableError,
} from '../../src/sources/live/first-contact.js';

const target = { address: 'http://diag.internal:8080', expected: 'a diagnosis service' };

describe('first contact with a service', () => {
  it.each([
    ['ECONNREFUSED', 'connection refused'],
    ['ENOTFOUND', 'host not found'],
    ['EAI_AGAIN', 'host name lookup failed (EAI_AGAIN)'],
    ['EHOSTUNREACH', 'no route to host'],
    ['ENETUNREACH', 'network unreachable'],
    ['BAD_PORT', 'a port that fetch never connects to (the Fetch standard blocks it)'],
    // Something answered, or may have: one request's failure, retried as before.
    ['ECONNRESET', null],
    ['TIMEOUT', null],
    ['UND_ERR_SOCKET', null],
    ['BODY_TOO_LARGE', null],
    ['toString', null],
  ])('%s means nothing answered: %s', (code, cause) => {
    expect(noAnswerCause(code)).toBe(cause);
  });

  it('lets one request through first; the others wait and then all fail with the one message when it got no answer', async () => {
    const contact = createFirstContact(target);
    expect(await contact.enter()).toBe(true);
    const waiting = [contact.enter(), contact.enter()];
    expect(() => contact.settle('ENOTFOUND')).toThrow(
      new ServiceUnreachableError(
        'http://diag.internal:8080: host not found; expected a diagnosis service (is it running?)',
      ),
    );
    for (const request of waiting) await expect(request).rejects.toBeInstanceOf(ServiceUnreachableError);
    await expect(contact.enter()).rejects.toThrow('host not found');
  });

  it('lets the others go once the first got any answer, or failed in a way that may have reached the service', async () => {
    for (const code of [null, 'TIMEOUT']) {
      const contact = createFirstContact(target);
      expect(await contact.enter()).toBe(true);
      const waiting = contact.enter();
      contact.settle(code);
      expect(await waiting).toBe(false);
      expect(await contact.enter()).toBe(false);
    }
  });

  it('names the address without credentials, query or a lone slash', () => {
    expect(contactAddress(new URL('http://u:p@127.0.0.1:9/?key=k#x'))).toBe('http://127.0.0.1:9');
    expect(contactAddress(new URL('https://gw.example/diag/'))).toBe('https://gw.example/diag/');
  });
});
