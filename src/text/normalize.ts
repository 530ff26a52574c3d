/**
 * Text matching for keywords, markers and forbidden text is substring search on
 * normalised text (docs/contract.md §2): Unicode NFKC, then lower case, then every run of
 * white space collapsed to one space. NFKC folds full-width forms, so `ＣＰＵ` matches `cpu`.
 */
export function normalizeText(text: string): string {
  // Only runs that change are replaced (two or more white-space characters, or a single one
  // that is not a plain space): the same result as replacing every run, without rewriting
  // each single space between words, which is most of the cost on long answers.
  return text.normalize('NFKC').toLowerCase().replace(/\s{2,}|[^\S ]/gu, ' ');
}

/** True when `needle` occurs in `haystack` once both are normalised. An empty needle never matches. */
export function containsNormalized(normalizedHaystack: string, needle: string): boolean {
  const normalizedNeedle = normalizedNeedleOf(needle);
  return normalizedNeedle.length > 0 && normalizedHaystack.includes(normalizedNeedle);
}

/**
 * Needles (keywords, markers, forbidden texts) come from the case file and the contract and
 * are looked for in every trace, so each is normalised once. The cache is bounded: it is
 * emptied when full, which only costs normalising again.
 */
const normalizedNeedles = new Map<string, string>();
const MAX_CACHED_NEEDLES = 10_000;

function normalizedNeedleOf(needle: string): string {
  let normalized = normalizedNeedles.get(needle);
  if (normalized === undefined) {
    normalized = normalizeText(needle).trim();
    if (normalizedNeedles.size >= MAX_CACHED_NEEDLES) normalizedNeedles.clear();
    normalizedNeedles.set(needle, normalized);
  }
  return normalized;
}
