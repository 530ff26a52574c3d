import { ENGLISH } from './en.js';
import type { DirectedWords, Lexicon, LexiconExtension } from './types.js';
import { CHINESE } from './zh.js';

export type { DirectedWords, Lexicon, LexiconExtension } from './types.js';

const DIRECTED_KEYS = ['negation', 'modal', 'deferral', 'labelCopulas'] as const;

function isDirected(key: keyof Lexicon): key is (typeof DIRECTED_KEYS)[number] {
  return (DIRECTED_KEYS as readonly string[]).includes(key);
}

/** Every list of the lexicons, joined: an answer may mix languages, and the words of one never occur in the other. */
export function joinLexicons(...lexicons: readonly (Lexicon | LexiconExtension)[]): Lexicon {
  const joined = emptyLexicon();
  for (const lexicon of lexicons) {
    for (const key of Object.keys(lexicon) as (keyof Lexicon)[]) {
      const value = lexicon[key];
      if (value === undefined) continue;
      if (isDirected(key)) {
        const words = value as Partial<DirectedWords>;
        const into = joined[key] as { following: string[]; preceding: string[]; both: string[] };
        into.following.push(...(words.following ?? []));
        into.preceding.push(...(words.preceding ?? []));
        into.both.push(...(words.both ?? []));
      } else {
        (joined[key] as string[]).push(...(value as readonly string[]));
      }
    }
  }
  return joined;
}

/** Every list of the English lexicon, empty (the Chinese one has the same lists: both are Lexicons). */
function emptyLexicon(): Lexicon {
  return Object.fromEntries(
    Object.keys(ENGLISH).map((key) => [
      key,
      isDirected(key as keyof Lexicon) ? { following: [], preceding: [], both: [] } : [],
    ]),
  ) as unknown as Lexicon;
}

/** The built-in lexicon: English and Chinese. */
export const BUILT_IN_LEXICON: Lexicon = joinLexicons(ENGLISH, CHINESE);

/** The names of the lists `contract.lexicon` may extend (docs/contract.md §5). */
export const LEXICON_LISTS = Object.keys(emptyLexicon()) as (keyof Lexicon)[];

export const DIRECTED_LEXICON_LISTS: readonly string[] = DIRECTED_KEYS;
