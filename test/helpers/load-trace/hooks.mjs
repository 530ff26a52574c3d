// The loader hook of preload.mjs: names each ES module as it is loaded.
import { writeSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  writeSync(2, `loaded ${url}\n`);
  return loaded;
}
