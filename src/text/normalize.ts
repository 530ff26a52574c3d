/**
 * Text matching for keywords, markers and forbidden text is substring search on
 * normalised text (CONTRACT §2): Unicode NFKC, then lower case, then every run of
 * white space collapsed to one space. NFKC folds full-width forms, so `ＣＰＵ` matches `cpu`.
 */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ');
}

/** True when `needle` occurs in `haystack` once both are normalised. An empty needle never matches. */
export function containsNormalized(normalizedHaystack: string, needle: string): boolean {
  const normalizedNeedle = normalizeText(needle).trim();
  return normalizedNeedle.length > 0 && normalizedHaystack.includes(normalizedNeedle);
}
