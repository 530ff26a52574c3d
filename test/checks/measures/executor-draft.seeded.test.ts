import { describe, expect, it } from 'vitest';
import { measureDraftReproduction, tokenize } from '../../../src/checks/measures/executor-draft.js';
import { normalizeText } from '../../../src/text/normalize.js';

/**
 * The trigram count held to its definition (distinct trigrams as strings) on seeded drafts (the
 * rows: executor-draft.test.ts).
 */
describe('measureDraftReproduction counts trigrams as strings would', () => {
  /** The definition: distinct token trigrams of the draft, and those of them found among the answer's. */
  function byStrings(answer: string, draftText: string): { shared: number; total: number } {
    const grams = (tokens: string[]): string[] =>
      tokens.slice(0, Math.max(0, tokens.length - 2)).map((_, index) => tokens.slice(index, index + 3).join(' '));
    const draftGrams = new Set(grams(tokenize(normalizeText(draftText))));
    const answerGrams = new Set(grams(tokenize(normalizeText(answer))));
    return { shared: [...draftGrams].filter((gram) => answerGrams.has(gram)).length, total: draftGrams.size };
  }

  it('on drafts and answers made of a small vocabulary, so that trigrams repeat and overlap', () => {
    const words = ['pool', 'db', '连', '接', '池', '42', 'gc', 'the'];
    let seed = 7;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const text = (length: number): string => Array.from({ length }, () => words[next() % words.length]).join(' ');
    for (let round = 0; round < 200; round += 1) {
      const draftText = text(3 + (next() % 30));
      const answer = next() % 4 === 0 ? `${text(5)} ${draftText} ${text(5)}` : text(next() % 60);
      const measured = measureDraftReproduction(normalizeText(answer), draftText);
      expect(measured.method).toBe('trigrams');
      if (measured.method === 'trigrams')
        expect({ shared: measured.shared, total: measured.total }).toEqual(byStrings(answer, draftText));
    }
  });

  it('on a draft with a vocabulary too large to number (over 200,000 distinct tokens)', () => {
    const draftText = Array.from({ length: 200_010 }, (_, index) => `w${index}`).join(' ');
    const answer = `intro ${Array.from({ length: 500 }, (_, index) => `w${index * 2}`).join(' ')} w7 w8 w9 w10`;
    const measured = measureDraftReproduction(normalizeText(answer), draftText);
    expect(measured).toEqual({ method: 'trigrams', ...byStrings(answer, draftText), overlap: 2 / 200_008 });
  });
});
