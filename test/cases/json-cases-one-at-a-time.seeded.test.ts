import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { indented, readingsIn } from '../helpers/case-readings.js';
import { REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

/** The reading a case at a time held to the whole reading on seeded edits (the hand-picked files: json-cases-one-at-a-time.test.ts). */
const bothReadings = readingsIn(useTempDirs());

describe('loadCaseSequence: agrees with the whole reading on random changes to the bundled case file as JSON', () => {
  it('400 seeded edits of the text (a character removed, doubled or put in): the same cases or the same problems', async () => {
    const bundled = parseYaml(readFileSync(join(REPO_ROOT, 'eval/cases.yaml'), 'utf8')) as unknown;
    const texts = [indented(bundled), JSON.stringify(bundled)];
    const pieces = ['{', '}', '[', ']', '"', ',', ':', '\\', ' ', '\n', 'x', '1', '"a"', '{}', '[]'];
    let state = 20_251_201;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const tally = { oneAtATime: 0, whole: 0 };
    for (let round = 0; round < 400; round += 1) {
      const text = texts[round % 2] as string;
      const at = Math.floor(random() * text.length);
      const action = random();
      const piece = pieces[Math.floor(random() * pieces.length)] as string;
      const changed =
        action < 0.4
          ? text.slice(0, at) + text.slice(at + 1)
          : action < 0.6
            ? text.slice(0, at) + text.slice(at, at + 1) + text.slice(at)
            : text.slice(0, at) + piece + text.slice(at);
      const { run, whole, oneAtATime } = await bothReadings(changed);
      expect(run, changed).toStrictEqual(whole);
      tally[oneAtATime ? 'oneAtATime' : 'whole'] += 1;
    }
    expect(tally.oneAtATime).toBeGreaterThan(20);
    expect(tally.whole).toBeGreaterThan(200);
  });
});
