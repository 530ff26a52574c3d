/**
 * A response body read up to `maxBytes`: a server (or a proxy in front of it) that answers with
 * gigabytes must not fill the harness's memory. Over the limit, the rest is not read and the
 * connection is dropped.
 */
export async function readBoundedBody(response: Response, maxBytes: number): Promise<{ ok: true; text: string } | { ok: false }> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return { ok: false };
  }
  if (response.body === null) return { ok: true, text: '' };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return { ok: false };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}
