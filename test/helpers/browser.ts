import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { type BrowserContext, chromium } from 'playwright-core';
import { it } from 'vitest';
import { REPO_ROOT } from './project.js';

/**
 * The browser the HTML report's tests drive. By default it is the headless Chromium that the
 * `@sparticuz/chromium` dev dependency ships inside its npm package, with the few shared libraries
 * it needs (NSS, NSPR, expat) and a font: `npm ci` brings it, nothing is downloaded at run time and
 * no OS package is needed. `DIAG_EVAL_CHROMIUM=/path/to/chromium` drives another executable instead
 * (a path that does not exist stands for a machine without a browser).
 */
export const CHROMIUM_ENV = 'DIAG_EVAL_CHROMIUM';
/** Set to 1 where the browser tests must run (CI): a browser that cannot be started fails them instead of skipping. */
export const REQUIRE_BROWSER_ENV = 'DIAG_EVAL_REQUIRE_BROWSER';

interface ChromiumLaunch {
  executablePath: string;
  env: Record<string, string>;
  /** The folder whose `fonts/` the browser reads (fontconfig's cache beside them): named in a fonts.conf made at each launch. */
  fontsFolder?: string;
}

/** A browser to launch, or why there is none. */
export type ChromiumFound = { ok: true; launch: ChromiumLaunch } | { ok: false; reason: string };

export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumFound {
  const named = env[CHROMIUM_ENV];
  if (named !== undefined && named !== '') {
    return existsSync(named)
      ? { ok: true, launch: { executablePath: named, env: {} } }
      : { ok: false, reason: `${CHROMIUM_ENV}=${named} does not exist` };
  }
  try {
    return { ok: true, launch: unpackBundledChromium() };
  } catch (error) {
    return { ok: false, reason: `the Chromium of @sparticuz/chromium could not be unpacked: ${String(error)}` };
  }
}

/**
 * Unpacks the package's brotli-compressed Chromium, libraries and fonts once into
 * node_modules/.cache (a folder of its own per package version, renamed into place whole so that
 * two test workers never see half of it).
 */
function unpackBundledChromium(): ChromiumLaunch {
  const packageDir = join(REPO_ROOT, 'node_modules', '@sparticuz', 'chromium');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const cacheRoot = join(REPO_ROOT, 'node_modules', '.cache', 'diag-eval-chromium');
  const target = join(cacheRoot, version);
  if (!existsSync(join(target, 'chromium'))) {
    mkdirSync(cacheRoot, { recursive: true });
    const staging = mkdtempSync(join(cacheRoot, `${version}.tmp-`));
    const bin = join(packageDir, 'bin');
    writeFileSync(join(staging, 'chromium'), brotliDecompressSync(readFileSync(join(bin, 'chromium.br'))), {
      mode: 0o755,
    });
    for (const archive of ['al2023.tar.br', 'fonts.tar.br']) {
      execFileSync('tar', ['-x', '-C', staging], { input: brotliDecompressSync(readFileSync(join(bin, archive))) });
    }
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another worker unpacked it first.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(join(target, 'chromium'))) throw error;
    }
  }
  return {
    executablePath: join(target, 'chromium'),
    env: { LD_LIBRARY_PATH: join(target, 'lib') },
    fontsFolder: target,
  };
}

/**
 * A headless Chromium with a fresh profile, kept off the network's background services, for
 * tests that open a page from file://. Close it with the returned function.
 */
export async function launchChromium(
  launch: ChromiumLaunch,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'diag-eval-chromium-'));
  // Written at each launch with the paths of this checkout, not once at unpacking: a checkout that
  // moved (or a node_modules another checkout unpacked into) would otherwise point fontconfig at
  // fonts that are not there, and Chromium stops for want of a font.
  const fonts: Record<string, string> = {};
  if (launch.fontsFolder !== undefined) {
    fonts['FONTCONFIG_FILE'] = join(profile, 'fonts.conf');
    writeFileSync(
      fonts['FONTCONFIG_FILE'],
      `<?xml version="1.0"?>\n<fontconfig><dir>${join(launch.fontsFolder, 'fonts')}</dir><cachedir>${join(launch.fontsFolder, 'fonts-cache')}</cachedir></fontconfig>\n`,
    );
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: launch.executablePath,
    env: { ...process.env, ...launch.env, ...fonts },
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--no-zygote',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The browser for a test file's browser tests. Where there is none, the file gets one skipped
 * test whose note says that its browser tests did not run and why (the plain summary line lists
 * it); where they must run (`DIAG_EVAL_REQUIRE_BROWSER=1`, as in CI), the file fails instead.
 */
export function browserForTests(env: NodeJS.ProcessEnv = process.env): ChromiumLaunch | null {
  const found = findChromium(env);
  if (found.ok) return found.launch;
  if (env[REQUIRE_BROWSER_ENV] === '1') {
    throw new Error(`the browser tests must run (${REQUIRE_BROWSER_ENV}=1) but cannot: ${found.reason}`);
  }
  it('the browser tests', (context) => context.skip(`not run: no browser: ${found.reason}`));
  return null;
}
