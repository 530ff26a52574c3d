import { codeAt } from './code-at.js';
import { type Conclusion, conclusionPatterns, findConclusion, type RivalStatement, type Span } from './conclusion.js';
import { wordAlternatives } from './escape-regexp.js';
import { BUILT_IN_LEXICON, type DirectedWords, joinLexicons, type LexiconExtension } from './lexicon/index.js';
import { normalizedNeedleOf, normalizeText, withoutLineBreaks } from './normalize.js';
import { isHardClauseEnd, isWordCode, sentenceAround } from './sentences.js';

/**
 * Assertion-aware matching (docs/contract.md §2, S33): a mention of a concept counts only when
 * the answer asserts it, not when it lies in the scope of a negation ("不是连接池耗尽"), of a
 * hedge ("it might be the connection pool") or in a question ("是连接池的问题吗？").
 *
 * Scopes are clause-bounded: 。，；;,.!?！？: and line ends end a clause (a "." "," ":" between
 * two letters or digits does not: `max.poll.records`, `1,150`, `14:05`). Contrast words reset
 * every scope; cause-and-effect words end the scope of a trigger before them. A scope never
 * reaches past its clause (lists: extendOverLists) nor past its sentence, so only the sentences
 * of the answer that hold a mention are analysed (AnalysedAnswer.stretchAround), each in one pass
 * of one compiled pattern (AssertionRules.clausePattern), into scope intervals; each occurrence of
 * a keyword is then looked up against those of its sentence.
 */

/**
 * Why a mention is not committed to (S33, S67): denied, asked about, guessed explicitly, left
 * to a later check ("whether X"), or offered with a modal beside rivals ("可能是 X，也可能是 Y").
 * `hedged` is a modal on a mention (a single one commits: see MentionReading).
 */
export type UnassertedKind = 'negated' | 'questioned' | 'speculated' | 'deferred' | 'rivalled' | 'hedged';

/**
 * How one occurrence reads: `asserted` (stated plainly, or with a confidence qualifier: "most
 * likely X", "很可能是 X"), `qualified` (a single modal on a mention without rivals: "the root cause
 * may be X", "疑似 X"; committed, not confirmed), or a reason it is not committed.
 */
export type MentionReading = 'asserted' | 'qualified' | Exclude<UnassertedKind, 'hedged'>;

export interface Occurrence {
  /** Offsets in AnalysedAnswer.withLines(); -1 for one found only across a line end between CJK characters. */
  start: number;
  end: number;
  reading: MentionReading;
}

export interface UnassertedMention {
  /** The keyword as found, normalised. */
  mention: string;
  kind: UnassertedKind;
  /** The clause the mention stands in, normalised, shortened around the mention when long. */
  clause: string;
}

export interface MentionJudgement {
  /** Some occurrence is committed to (asserted or qualified). */
  asserted: boolean;
  /** Some occurrence is asserted plainly, with no modal (what forbidden-confirmed-claims counts). */
  confirmed: boolean;
  /** The first occurrence that is not committed to; null when there is none. */
  unasserted: UnassertedMention | null;
}

/** What a contract adds to the built-in lexicon (config `contract.negationTriggers`, `contract.hedgeTriggers`, `contract.lexicon`). */
export interface AssertionTriggerSettings {
  negationTriggers: readonly string[];
  hedgeTriggers: readonly string[];
  lexicon?: LexiconExtension | undefined;
}

type TriggerDirection = 'following' | 'preceding' | 'both';

type ScopeKind = 'negated' | 'hedged' | 'deferred';

type Role =
  | { kind: ScopeKind; direction: TriggerDirection }
  | { kind: 'contrast' }
  | { kind: 'causal' }
  | { kind: 'action' }
  | { kind: 'exempt' };

interface Scope {
  start: number;
  end: number;
  kind: 'negated' | 'hedged' | 'deferred' | 'questioned';
  /**
   * A negation of an action (S68: "没有捕获 …", "did not catch …"): it covers the action only, so a
   * mention that starts inside it is denied and one after it (the action's object) is not.
   */
  predicate?: true;
}

type Clause = Span;

/**
 * A stretch of the answer analysed on its own: a sentence (from just after a sentence end, or the
 * start, to the next one, or the end), or the whole answer when the rules are not confined.
 * Offsets are the answer's.
 */
interface Stretch {
  start: number;
  /** Where the sentence end that closes the stretch stands, or the answer's length. */
  end: number;
  scopes: Scope[];
  clauses: Clause[];
}

/**
 * An answer prepared for assertion-aware matching. Only the stretches of the answer that hold a
 * mention are analysed (clauses and scopes), each the first time a mention in it is looked up, so
 * a trace that mentions none of the case's keywords costs nothing beyond the substring searches
 * the plain matching did, and one that mentions a few costs the few sentences that hold them.
 */
export interface AnalysedAnswer {
  /** The answer as normalizeText gives it. */
  readonly text: string;
  /** The answer as normalizeWithLineBreaks gives it: the offsets of the stretches. */
  withLines(): string;
  /** The same text with its line breaks as spaces (same offsets): where mentions are looked for. */
  withLinesAsSpaces(): string;
  /** The analysed stretch holding `start` to `end`, or null when that span crosses a clause end. */
  stretchAround(start: number, end: number): Stretch | null;
  /** The rules the answer is read with (compiled on first use: a method, so that reading the object's fields compiles nothing). */
  rules(): AssertionRules;
  /** Where the answer states its root cause (S69), found the first time it is asked for. */
  conclusion(): Conclusion;
  /** Whether the answer holds any explicit speculation (tested once, so most answers skip the sentence test). */
  speculates(): boolean;
}

/** A configured trigger covers the text after it, or, written with a leading "...", the text before it. */
function directedFromConfig(texts: readonly string[]): DirectedWords {
  const following: string[] = [];
  const preceding: string[] = [];
  for (const text of texts) {
    const normalized = normalizeText(text).trim();
    if (normalized.startsWith('...')) preceding.push(normalized.slice(3).trim());
    else following.push(normalized);
  }
  return { following, preceding, both: [] };
}

/**
 * The lexicon compiled once per run (AnswerReader): every trigger, contrast word, cause-and-effect
 * word and exempt phrase, and every character that may end a clause, in one pattern whose
 * alternatives are tried longest first, so one pass over a stretch finds them all (scan).
 */
export type AssertionRules = ReturnType<typeof compileAssertionRules>;

export function compileAssertionRules(settings: AssertionTriggerSettings) {
  // The built-in lexicon and what the contract adds.
  const lexicon = joinLexicons(BUILT_IN_LEXICON, settings.lexicon ?? {}, {
    negation: directedFromConfig(settings.negationTriggers),
    modal: directedFromConfig(settings.hedgeTriggers),
  });
  const roles = new Map<string, Role>();
  // The first role given to a text wins: built-in lists first, so a configured trigger that
  // repeats a built-in one does not change its direction.
  const add = (text: string, role: Role): void => {
    const normalized = normalizeText(text).trim();
    if (normalized === '') return;
    for (const spelling of normalized.includes("'")
      ? [normalized, normalized.replaceAll("'", '\u2019')]
      : [normalized]) {
      if (!roles.has(spelling)) roles.set(spelling, role);
    }
  };
  const addDirected = (words: DirectedWords, kind: ScopeKind): void => {
    for (const direction of ['following', 'preceding', 'both'] as const)
      for (const text of words[direction]) add(text, { kind, direction });
  };
  // Confidence qualifiers, speculation and undecided statements mask the triggers inside them
  // ("可能" in "很可能", "not" in "not confirmed", "无法" in "无法确定"): they are read sentence by
  // sentence (readingAt, hasRivals), not as scopes.
  for (const phrase of [...lexicon.exempt, ...lexicon.confidence, ...lexicon.speculation, ...lexicon.undecided])
    add(phrase, { kind: 'exempt' });
  addDirected(lexicon.negation, 'negated');
  addDirected(lexicon.deferral, 'deferred');
  addDirected(lexicon.modal, 'hedged');
  // A rival ("也可能是 Y", "or Y") qualifies what follows it as a modal does.
  for (const word of lexicon.rivals) add(word, { kind: 'hedged', direction: 'following' });
  for (const word of lexicon.contrast) add(word, { kind: 'contrast' });
  for (const word of lexicon.causal) add(word, { kind: 'causal' });
  for (const word of lexicon.negatedActions) add(word, { kind: 'action' });
  const confined = [...roles.keys()].every((text) => ![...CLAUSE_END_CHARACTERS].some((end) => text.includes(end)));
  return {
    // Every entry of `roles` (a Latin one as a whole word) and every clause-end character, global.
    clausePattern: new RegExp(`${wordAlternatives([...roles.keys()])}|[${CLAUSE_END_CHARACTERS}]`, 'gu'),
    roles: roles as ReadonlyMap<string, Role>,
    // No entry holds a clause-end character, so a sentence end (isHardClauseEnd) is one wherever the
    // scan starts and a sentence can be analysed alone; a configured "n.a." makes the answer one stretch.
    confined,
    // conclusion.ts reads its labels.
    lexicon,
    speculation: wordsPattern(lexicon.speculation),
    undecided: wordsPattern(lexicon.undecided),
    // Two in one sentence offer rivals.
    modalOrRival: wordsPattern([...Object.values(lexicon.modal).flat(), ...lexicon.rivals]),
    // The first sentence that commits to one is an unmarked answer's conclusion (S69).
    causeWords: wordsPattern(lexicon.causeWords),
    // At the start of the text: "could| be X" offers a cause (rivalStatements).
    modalCopula: new RegExp(`^\\s*(?:${wordsPattern(lexicon.modalCopulas).source})`, 'u'),
    bareDenials: new Set(lexicon.bareDenials.map((word) => normalizeText(word).trim())) as ReadonlySet<string>,
    // At the start of a list's last item: "…, dns, or the disk" (extendOverLists).
    listCloser: new RegExp(`^(?:${wordsPattern(lexicon.listClosers).source})`, 'u'),
    // At the end of the text before a cause word: the link is denied (deniedLink, S68).
    linkNegation: new RegExp(
      `(?:${wordsPattern([...lexicon.negation.following, ...lexicon.negation.both, ...lexicon.linkNegations]).source})\\s*$`,
      'u',
    ),
    negatedAction: wordsPattern(lexicon.negatedActions),
    questionParticles: lexicon.questionParticles,
    conclusion: conclusionPatterns(lexicon),
  };
}

/**
 * One pattern for a list of words, longest first; a Latin word matches whole ("or" is not in
 * "for"). Masked words (confidence qualifiers: "很可能" holds "可能") are matched first and skipped
 * by the caller.
 */
function wordsPattern(words: readonly string[]): RegExp {
  return new RegExp(wordAlternatives(words.map((word) => normalizeText(word).trim())), 'gu');
}

/** Every character isClauseEnd may answer true for, as a character class of clausePattern. */
const CLAUSE_END_CHARACTERS = '。;!?\n.,:';

type Found = Span & { role: Role };

/**
 * One pass of clausePattern over the stretch: the triggers and words of the rules (the longest at
 * each position) and the clause ends. "。;!?" and line ends end a clause; "." "," ":" do too,
 * unless they stand between two letters or digits (`max.poll.records`, `1,150`, `14:05`), and a
 * colon does not right after a trigger: "已排除：数据库宕机" and "ruled out: X" introduce what they deny.
 */
function scan(text: string, from: number, to: number, rules: AssertionRules): { found: Found[]; clauseEnds: number[] } {
  const found: Found[] = [];
  const clauseEnds: number[] = [];
  const { clausePattern: pattern, roles } = rules;
  let lastTriggerEnd = -1;
  pattern.lastIndex = from;
  for (let match = pattern.exec(text); match !== null && match.index <= to; match = pattern.exec(text)) {
    const start = match.index;
    const role = roles.get(match[0]);
    if (role !== undefined) {
      found.push({ start, end: pattern.lastIndex, role });
      if (isScopeRole(role)) lastTriggerEnd = pattern.lastIndex;
      continue;
    }
    if (isClauseEnd(text, start, text.charCodeAt(start), lastTriggerEnd)) clauseEnds.push(start);
  }
  return { found, clauseEnds };
}

function isScopeRole(role: Role): role is { kind: ScopeKind; direction: TriggerDirection } {
  return role.kind === 'negated' || role.kind === 'hedged' || role.kind === 'deferred';
}

function isClauseEnd(text: string, index: number, code: number, lastTriggerEnd: number): boolean {
  if (code !== 0x3a) return isSureClauseEnd(text, index); // not ":"
  if (isWordCode(codeAt(text, index - 1)) && isWordCode(codeAt(text, index + 1))) return false;
  return lastTriggerEnd < 0 || endOfTextBefore(text, index) !== lastTriggerEnd;
}

/**
 * Prepares an answer for assertion-aware matching. `normalizedFinalAnswer` is normalizeText's
 * result; `withLineBreaks` gives normalizeWithLineBreaks' result, and is called only if a
 * mention is looked up.
 */
export function prepareAnswer(
  normalizedFinalAnswer: string,
  withLineBreaks: () => string,
  rulesOf: () => AssertionRules,
): AnalysedAnswer {
  let compiled: AssertionRules | null = null;
  const rules = (): AssertionRules => (compiled ??= rulesOf());
  let withLines: string | null = null;
  let asSpaces: string | null = null;
  let conclusion: Conclusion | null = null;
  let speculates: boolean | null = null;
  const stretches: Stretch[] = [];
  const answer: AnalysedAnswer = {
    text: normalizedFinalAnswer,
    rules,
    withLines: () => (withLines ??= withLineBreaks()),
    withLinesAsSpaces: () => (asSpaces ??= answer.withLines().replaceAll('\n', ' ')),
    stretchAround: (start, end) => {
      for (const stretch of stretches) if (stretch.start <= start && end <= stretch.end) return stretch;
      const text = answer.withLines();
      const { confined } = rules();
      // Every scope lies inside one clause: a mention that crosses a clause end is in none.
      if (confined) for (let index = start; index < end; index += 1) if (isSureClauseEnd(text, index)) return null;
      const sentence = confined ? sentenceAround(text, start, end) : { start: 0, end: text.length };
      const stretch = analyse(text, sentence.start, sentence.end, rules());
      stretches.push(stretch);
      return stretch;
    },
    conclusion: () =>
      (conclusion ??= findConclusion(answer.withLines(), rules().conclusion, {
        firstCausalSentence: (skip) => firstCausalSentence(answer, skip),
        rivalStatements: () => rivalStatements(answer),
      })),
    speculates: () => (speculates ??= matches(rules().speculation, normalizedFinalAnswer)),
  };
  return answer;
}

/** An answer normalised by normalizeWithLineBreaks, prepared for assertion-aware matching (for tests and callers without the raw answer). */
export function analyseAnswer(normalizedWithLines: string, rules: AssertionRules): AnalysedAnswer {
  return prepareAnswer(
    withoutLineBreaks(normalizedWithLines),
    () => normalizedWithLines,
    () => rules,
  );
}

/** A "," that ends a clause (not between two letters or digits, isClauseEnd), or a hard clause end. */
function isSureClauseEnd(text: string, index: number): boolean {
  if (text.charCodeAt(index) === 0x2c)
    return !(isWordCode(codeAt(text, index - 1)) && isWordCode(codeAt(text, index + 1)));
  return isHardClauseEnd(text, index);
}

/** The clauses and scopes of the stretch of `normalizedText` from `from` to `to` (a sentence end, or the text's end). */
function analyse(normalizedText: string, from: number, to: number, rules: AssertionRules): Stretch {
  const { found, clauseEnds } = scan(normalizedText, from, to, rules);
  const clauses: Clause[] = [];
  let clauseStart = from;
  for (const end of clauseEnds) {
    clauses.push({ start: clauseStart, end });
    clauseStart = end + 1;
  }
  // A clause that runs to the end of the stretch found no clause end there, so no "?" closes it.
  if (clauseStart < to) clauses.push({ start: clauseStart, end: to });

  const scopes: Scope[] = [];
  let next = 0;
  /** The kind of the trigger whose scope reached the end of each clause, if one did. */
  const reachingEnd: (ScopeKind | null)[] = [];
  for (let index = 0; index < clauses.length; index += 1) {
    const clause = clauses[index] as Clause;
    if (normalizedText[clause.end] === '?' || endsWithQuestionParticle(normalizedText, clause.start, clause.end, rules))
      scopes.push({ start: clause.start, end: clause.end, kind: 'questioned' });
    // "Elasticsearch disk full: no." (S68): a clause that is only a denial denies the one before its colon.
    const previous = clauses[index - 1];
    if (previous !== undefined && normalizedText[previous.end] === ':' && isBareDenial(normalizedText, clause, rules))
      scopes.push({ start: previous.start, end: previous.end, kind: 'negated' });
    // Triggers whose scope covers what follows, waiting for the end of their segment.
    let open: { end: number; kind: ScopeKind }[] = [];
    let precedingStart = clause.start;
    let lastTriggerEnd = -1;
    const close = (at: number): void => {
      for (const trigger of open)
        if (trigger.end < at) scopes.push({ start: trigger.end, end: at, kind: trigger.kind });
      open = [];
    };
    while (next < found.length && (found[next] as Found).start < clause.end) {
      const { start, end, role } = found[next] as Found;
      next += 1;
      if (start < clause.start || end > clause.end || role.kind === 'exempt') continue;
      if (role.kind === 'action') {
        // S68: a negation right before an action denies the action, not its object: "没有捕获线程池耗尽异常".
        const last = open[open.length - 1];
        if (
          last !== undefined &&
          last.kind === 'negated' &&
          last.end === lastTriggerEnd &&
          normalizedText.slice(last.end, start).trim() === ''
        ) {
          open.pop();
          scopes.push({ start: last.end, end, kind: 'negated', predicate: true });
        }
        continue;
      }
      if (role.kind === 'contrast') {
        close(start);
        precedingStart = end;
      } else if (role.kind === 'causal') {
        // "not caused by X", "不是由于 X": the negation is of the link, and reaches past it.
        if (lastTriggerEnd >= 0 && normalizedText.slice(lastTriggerEnd, start).trim() === '') continue;
        close(start);
      } else {
        if (role.direction !== 'preceding') open.push({ end, kind: role.kind });
        if (role.direction !== 'following' && precedingStart < start)
          scopes.push({ start: precedingStart, end: start, kind: role.kind });
        lastTriggerEnd = end;
      }
    }
    reachingEnd.push(open[0]?.kind ?? null);
    close(clause.end);
  }
  extendOverLists(rules, normalizedText, clauses, reachingEnd, scopes);
  return { start: from, end: to, scopes, clauses };
}

/**
 * English lists ruled out or doubted as a whole: "we ruled out the network, dns, and the
 * database". The commas end clauses, but the items after them are still in the trigger's
 * scope. A clause whose trigger scope reached its comma extends over the short items that follow
 * (at most MAX_LIST_ITEM_WORDS words each), when the last of them starts with "and", "or" or
 * "nor"; without that closing item it is no list ("not the network, the pool": the pool is
 * asserted).
 */
const MAX_LIST_ITEM_WORDS = 4;

function extendOverLists(
  rules: AssertionRules,
  text: string,
  clauses: readonly Clause[],
  reachingEnd: readonly (ScopeKind | null)[],
  scopes: Scope[],
): void {
  for (let index = 0; index < clauses.length; index += 1) {
    const kind = reachingEnd[index];
    if (kind === null || kind === undefined || text[(clauses[index] as Clause).end] !== ',') continue;
    const items: Clause[] = [];
    for (let item = index + 1; item < clauses.length; item += 1) {
      const clause = clauses[item] as Clause;
      const words = text.slice(clause.start, clause.end).trim();
      if (words === '' || words.split(' ').length > MAX_LIST_ITEM_WORDS) break;
      items.push(clause);
      if (rules.listCloser.test(words)) {
        for (const listed of items) scopes.push({ start: listed.start, end: listed.end, kind });
        break;
      }
      if (text[clause.end] !== ',') break;
    }
  }
}

/** The offset just after the last non-space character before `index`. */
function endOfTextBefore(text: string, index: number): number {
  let end = index;
  while (end > 0 && text[end - 1] === ' ') end -= 1;
  return end;
}

function endsWithQuestionParticle(text: string, start: number, end: number, rules: AssertionRules): boolean {
  let last = end - 1;
  while (last >= start && TRAILING_CLOSERS.has(text[last] as string)) last -= 1;
  return last >= start && rules.questionParticles.includes(text[last] as string);
}

function isBareDenial(text: string, clause: Clause, rules: AssertionRules): boolean {
  const words = text
    .slice(clause.start, clause.end)
    .replace(/[*_`"'\u201c\u201d]/gu, '')
    .trim();
  return words.length <= 8 && rules.bareDenials.has(words);
}

const TRAILING_CLOSERS = new Set([' ', '"', "'", '\u201d', '\u2019', ')', ']', '」', '』']);

/** The order in which an occurrence's kinds are named when several scopes cover it. */
const KIND_ORDER: readonly Scope['kind'][] = ['negated', 'questioned', 'deferred', 'hedged'];

/**
 * Every occurrence of `keyword` (normalised here) in the answer, in order, with how it reads
 * (S33, S67, S68). An occurrence that spans a line end between two CJK characters (found in the
 * plain text only) is read as asserted: nothing marks it otherwise.
 */
export function readMentions(
  answer: AnalysedAnswer,
  keyword: string,
  /** Stops after the first occurrence this answers true for (the caller needs no more). */
  enough: (occurrence: Occurrence) => boolean = () => false,
): Occurrence[] {
  const needle = normalizedNeedleOf(keyword);
  if (needle === '' || !answer.text.includes(needle)) return [];
  // A needle without a space occurs at the same places in the text with line breaks as in the
  // one with spaces for them, which is then not made.
  const text = needle.includes(' ') ? answer.withLinesAsSpaces() : answer.withLines();
  const found: Occurrence[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    const occurrence: Occurrence = { start: at, end, reading: readingAt(answer, at, end) };
    found.push(occurrence);
    if (enough(occurrence)) break;
  }
  // Found in the plain text only, across a line end between two CJK characters: at no known offset (-1).
  if (found.length === 0) return [{ start: -1, end: -1, reading: 'asserted' }];
  return found;
}

/** How the occurrence at `start` to `end` reads: from the kind of the scope it lies in and the sentence around it (S67). */
function readingAt(answer: AnalysedAnswer, start: number, end: number): MentionReading {
  const stretch = answer.stretchAround(start, end);
  const kind = stretch === null ? null : scopeKind(stretch.scopes, start, end);
  if (kind === 'negated' || kind === 'questioned' || kind === 'deferred') return kind;
  if (answer.speculates()) {
    const sentence = sentenceAround(answer.withLines(), start, end);
    if (matches(answer.rules().speculation, sentence.text)) return 'speculated';
  }
  if (kind === null) return 'asserted';
  return hasRivals(answer, start, end) ? 'rivalled' : 'qualified';
}

/**
 * The first sentence, outside `skip`, holding a cause word the answer commits to (asserted or
 * qualified, not denied, asked, deferred, guessed or rivalled): an unmarked answer's conclusion (S69).
 */
function firstCausalSentence(answer: AnalysedAnswer, skip: (span: Span) => boolean): Span | null {
  const text = answer.withLines();
  const pattern = answer.rules().causeWords;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const start = match.index;
    const end = pattern.lastIndex;
    const sentence = sentenceAround(text, start, end);
    if (skip(sentence) || deniedLink(answer, start, end)) continue;
    const reading = readingAt(answer, start, end);
    if (reading === 'asserted' || reading === 'qualified') return sentence;
  }
  return null;
}

/**
 * Whether a negation governs the cause word at `start` (S68: a negation governs the predicate it
 * precedes): it stands right before it ("was not responsible for", "cannot have caused", "不会导致"),
 * or its scope, or a deferral's, runs into it holding no action of its own ("不是网络导致的",
 * "whether the network caused it"; not "没有及时释放连接导致超时", which denies the release).
 */
function deniedLink(answer: AnalysedAnswer, start: number, end: number): boolean {
  const text = answer.withLines();
  const { linkNegation, negatedAction } = answer.rules();
  if (linkNegation.test(text.slice(sentenceAround(text, start).start, start))) return true;
  return (answer.stretchAround(start, end)?.scopes ?? []).some(
    (scope) =>
      (scope.kind === 'negated' || scope.kind === 'deferred') &&
      scope.predicate !== true &&
      scope.end <= start &&
      text.slice(scope.end, start).trim() === '' &&
      !matches(negatedAction, text.slice(scope.start, scope.end)),
  );
}

/**
 * A modal mention has rivals when its sentence holds a second modal or rival word ("可能是 X，也
 * 可能是 Y", "it could be X, or Y"), or an undecided statement stands in it or in the next one
 * ("…，目前无法确定", "We cannot determine which.").
 */
function hasRivals(answer: AnalysedAnswer, start: number, end: number): boolean {
  const text = answer.withLines();
  const sentence = sentenceAround(text, start, end);
  if (matches(answer.rules().undecided, sentence.text)) return true;
  const next = sentenceAround(text, sentence.end + 1, sentence.end + 1);
  if (next.start > sentence.end && matches(answer.rules().undecided, next.text)) return true;
  return countMatches(answer.rules().modalOrRival, maskedConfidence(sentence.text, answer.rules())) >= 2;
}

/** The sentence text with its confidence qualifiers as spaces (same offsets): their modals ("可能" in "很可能") are none. */
function maskedConfidence(text: string, rules: AssertionRules): string {
  return rules.lexicon.confidence.reduce((masked, word) => masked.replaceAll(word, ' '.repeat(word.length)), text);
}

/**
 * The rival statements of the answer (S69, single-conclusion): sentences with two modal or rival
 * words or more, the first followed by a modal copula ("可能是 X，也可能是 Y", "it could be X, or
 * Y, or Z"), and neither a confidence
 * qualifier nor a choice marker ("most likely X, or perhaps Y" chooses X). One pass of the modal
 * pattern over the answer, a sentence at a time.
 */
function rivalStatements(answer: AnalysedAnswer): RivalStatement[] {
  const text = answer.withLines();
  const rules = answer.rules();
  const statements: RivalStatement[] = [];
  const pattern = rules.modalOrRival;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const sentence = sentenceAround(text, match.index, pattern.lastIndex);
    const words: { start: number; word: string }[] = [];
    pattern.lastIndex = sentence.start;
    for (let word = pattern.exec(text); word !== null && word.index < sentence.end; word = pattern.exec(text))
      words.push({ start: word.index, word: word[0] });
    pattern.lastIndex = sentence.end;
    // The tests in order of cost: most sentences hold one such word and need no other.
    if (words.length < 2) continue;
    const first = words[0] as { start: number; word: string };
    if (!rules.modalCopula.test(text.slice(first.start + first.word.length, sentence.end))) continue;
    const chooses =
      maskedConfidence(sentence.text, rules) !== sentence.text || rules.conclusion.choice.test(sentence.text);
    if (!chooses) statements.push({ span: sentence, alternatives: rivalAlternatives(text, words, sentence.end) });
  }
  return statements;
}

/** A list item of a rival statement ("X, Y, or Z", "X、Y 或 Z"): at most this many words, or characters without spaces. */
const MAX_RIVAL_ITEM_WORDS = 4;
const MAX_RIVAL_ITEM_CHARACTERS = 12;

/**
 * The causes a rival statement offers: one from each modal or rival word to the next (the last to
 * the sentence's end), and before a rival word, each item of a short list ("it could be X, Y, or Z").
 */
function rivalAlternatives(text: string, words: readonly { start: number; word: string }[], end: number): Span[] {
  const alternatives: Span[] = [];
  words.forEach(({ start, word }, index) => {
    const partEnd = (words[index + 1] ?? { start: end }).start;
    const items: Span[] = [];
    let from = start + word.length;
    for (const found of text.slice(from, partEnd).matchAll(/[,，、]/gu)) {
      const at = start + word.length + found.index;
      items.push({ start: from, end: at });
      from = at + 1;
    }
    items.push({ start: from, end: partEnd });
    const named = items.filter((item) => /[\p{L}\p{N}]/u.test(text.slice(item.start, item.end)));
    // The first item is quoted with its word: "could be the network", "或者连接池".
    if (named[0] === items[0]) (items[0] as Span).start = start;
    const isList =
      index + 1 < words.length && named.slice(1).every((item) => isShortItem(text.slice(item.start, item.end)));
    if (isList) alternatives.push(...named);
    else if (named.length > 0)
      alternatives.push({ start: (named[0] as Span).start, end: (named[named.length - 1] as Span).end });
  });
  return alternatives;
}

function isShortItem(item: string): boolean {
  const trimmed = item.trim();
  return trimmed.includes(' ')
    ? trimmed.split(/\s+/u).length <= MAX_RIVAL_ITEM_WORDS
    : trimmed.length <= MAX_RIVAL_ITEM_CHARACTERS;
}

function matches(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  return pattern.test(text);
}

function countMatches(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.exec(text) !== null) count += 1;
  return count;
}

/**
 * Whether the answer commits to `keyword` (some occurrence asserted or qualified), states it
 * plainly (confirmed), and its first occurrence that is not committed to.
 */
export function judgeMentions(answer: AnalysedAnswer, keyword: string): MentionJudgement {
  const occurrences = readMentions(answer, keyword);
  const confirmed = occurrences.some((occurrence) => occurrence.reading === 'asserted');
  const asserted = confirmed || occurrences.some((occurrence) => occurrence.reading === 'qualified');
  const first = asserted ? undefined : occurrences[0];
  // Not committed to: every occurrence's reading is a reason (UnassertedKind).
  const unasserted = first === undefined ? null : describeOccurrence(answer, first, first.reading as UnassertedKind);
  return { asserted, confirmed, unasserted };
}

/** The mention and the clause (or for a qualified one, the sentence) it stands in, for messages. */
export function describeOccurrence(
  answer: AnalysedAnswer,
  occurrence: Occurrence,
  kind: UnassertedKind,
): UnassertedMention {
  const { start, end } = occurrence;
  const text = answer.withLinesAsSpaces();
  if (start < 0) return { mention: '', kind, clause: '' };
  const stretch = answer.stretchAround(start, end);
  const wide = kind === 'speculated' || kind === 'rivalled' || kind === 'hedged';
  const span =
    wide || stretch === null ? sentenceAround(answer.withLines(), start, end) : clauseOf(stretch, start, end);
  return { mention: text.slice(start, end), kind, clause: shownAround(text, span, start, end) };
}

function scopeKind(scopes: readonly Scope[], start: number, end: number): Scope['kind'] | null {
  let found: Scope['kind'] | null = null;
  for (const scope of scopes) {
    const covers =
      scope.predicate === true ? scope.start <= start && start < scope.end : scope.start <= start && end <= scope.end;
    if (covers && (found === null || KIND_ORDER.indexOf(scope.kind) < KIND_ORDER.indexOf(found))) found = scope.kind;
  }
  return found;
}

const MAX_CLAUSE_SHOWN = 80;

function clauseOf(stretch: Stretch, start: number, end: number): Clause {
  return stretch.clauses.find((candidate) => candidate.start <= start && end <= candidate.end) ?? { start, end };
}

/**
 * The clause as shown in a message: whole when short, else cut around the mention at word
 * boundaries (a Latin word is never cut in half), so the message still shows the trigger beside it.
 */
function shownAround(text: string, clause: Clause, start: number, end: number): string {
  const shown = text.slice(clause.start, clause.end);
  if (shown.trim().length <= MAX_CLAUSE_SHOWN) return shown.trim();
  let from = Math.max(clause.start, start - MAX_CLAUSE_SHOWN / 2);
  let to = Math.min(clause.end, end + MAX_CLAUSE_SHOWN / 2);
  while (from > clause.start && isWordCode(codeAt(text, from - 1)) && isWordCode(codeAt(text, from))) from += 1;
  while (to < clause.end && isWordCode(codeAt(text, to - 1)) && isWordCode(codeAt(text, to))) to -= 1;
  return `${from > clause.start ? '…' : ''}${text.slice(from, to).trim()}${to < clause.end ? '…' : ''}`;
}
