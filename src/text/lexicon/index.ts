import { ENGLISH } from './en.js';
import type { DirectedWords, Lexicon, LexiconExtension } from './types.js';
import { CHINESE } from './zh.js';

export type { DirectedWords, Lexicon, LexiconExtension } from './types.js';

const DIRECTED_KEYS = ['negation', 'modal', 'deferral', 'labelCopulas'] as const;
const DIRECTIONS = ['following', 'preceding', 'both'] as const;

export const DIRECTED_LEXICON_LISTS: readonly string[] = DIRECTED_KEYS;

/** The names of the lists `contract.lexicon` may extend (docs/contract.md §5): the English lexicon's, which the Chinese one shares. */
export const LEXICON_LISTS = Object.keys(ENGLISH) as (keyof Lexicon)[];

function isDirected(key: keyof Lexicon): key is (typeof DIRECTED_KEYS)[number] {
  return DIRECTED_LEXICON_LISTS.includes(key);
}

/** Every list of the lexicons, joined: an answer may mix languages, and the words of one never occur in the other. */
export function joinLexicons(...lexicons: readonly (Lexicon | LexiconExtension)[]): Lexicon {
  const joined = Object.fromEntries(
    LEXICON_LISTS.map((key) => [key, isDirected(key) ? { following: [], preceding: [], both: [] } : []]),
  ) as unknown as Lexicon;
  for (const lexicon of lexicons) {
    for (const key of Object.keys(lexicon) as (keyof Lexicon)[]) {
      const value = lexicon[key];
      if (value === undefined) continue;
      if (isDirected(key)) {
        const into = joined[key] as Record<keyof DirectedWords, string[]>;
        for (const direction of DIRECTIONS)
          into[direction].push(...((value as Partial<DirectedWords>)[direction] ?? []));
      } else {
        (joined[key] as string[]).push(...(value as readonly string[]));
      }
    }
  }
  return joined;
}

/** The built-in lexicon: English and Chinese. */
export const BUILT_IN_LEXICON: Lexicon = joinLexicons(ENGLISH, CHINESE);
