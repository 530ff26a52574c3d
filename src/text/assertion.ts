import {
  CAUSAL_WORDS,
  CONTRAST_WORDS,
  EXEMPT_PHRASES,
  HEDGE_TRIGGERS,
  NEGATION_TRIGGERS,
  QUESTION_PARTICLES,
  type TriggerDirection,
  type TriggerEntry,
} from './assertion-triggers.js';
import { normalizedNeedleOf, normalizeText } from './normalize.js';

/**
 * Assertion-aware matching (docs/contract.md §2, S33): a mention of a concept counts only when
 * the answer asserts it, not when it lies in the scope of a negation ("不是连接池耗尽"), of a
 * hedge ("it might be the connection pool") or in a question ("是连接池的问题吗？").
 *
 * Scopes are clause-bounded: 。，；;,.!?！？ and line ends end a clause (a "." or "," between
 * two letters or digits does not: `max.poll.records`, `1,150`). Contrast words reset every
 * scope; cause-and-effect words end the scope of a trigger before them. The answer is analysed
 * once into scope intervals; each keyword is then looked up against them.
 */

export type UnassertedKind = 'negated' | 'hedged' | 'questioned';

export interface UnassertedMention {
  /** The keyword as found, normalised. */
  mention: string;
  kind: UnassertedKind;
  /** The clause the mention stands in, normalised, shortened around the mention when long. */
  clause: string;
}

export interface MentionJudgement {
  /** Some occurrence is asserted. */
  asserted: boolean;
  /** The first occurrence that is not asserted; null when there is none. */
  unasserted: UnassertedMention | null;
}

/** The trigger lists a contract adds to the built-in ones (config `contract.negationTriggers`, `contract.hedgeTriggers`). */
export interface AssertionTriggerSettings {
  negationTriggers: readonly string[];
  hedgeTriggers: readonly string[];
}

type Role =
  | { kind: 'negated' | 'hedged'; direction: TriggerDirection }
  | { kind: 'contrast' }
  | { kind: 'causal' }
  | { kind: 'exempt' };

/** The trigger lists compiled into one pattern; built once per contract. */
export interface AssertionRules {
  pattern: RegExp;
  roles: Map<string, Role>;
}

interface Scope {
  start: number;
  end: number;
  kind: UnassertedKind;
}

interface Clause {
  start: number;
  end: number;
}

/** An answer analysed once: its clauses and the spans that are not asserted. */
export interface AnalysedAnswer {
  /**
   * The answer normalised, its line breaks turned into spaces (offsets match the clauses): keywords
   * are looked for in this text. It is normalizeText's result but for a line break between two
   * CJK characters, which stays a space here, so a keyword is not matched across a line end.
   */
  text: string;
  scopes: Scope[];
  clauses: Clause[];
}

const compiledRules = new WeakMap<readonly string[], WeakMap<readonly string[], AssertionRules>>();

/** The compiled rules of a contract: compiled the first time, then reused for every trace. */
export function assertionRulesFor(settings: AssertionTriggerSettings): AssertionRules {
  let byHedges = compiledRules.get(settings.negationTriggers);
  if (byHedges === undefined) {
    byHedges = new WeakMap();
    compiledRules.set(settings.negationTriggers, byHedges);
  }
  let rules = byHedges.get(settings.hedgeTriggers);
  if (rules === undefined) {
    rules = compileAssertionRules(settings);
    byHedges.set(settings.hedgeTriggers, rules);
  }
  return rules;
}

export function compileAssertionRules(settings: AssertionTriggerSettings): AssertionRules {
  const roles = new Map<string, Role>();
  // The first role given to a text wins: built-in lists first, so a configured trigger that
  // repeats a built-in one does not change its direction.
  const add = (text: string, role: Role): void => {
    const normalized = normalizeText(text).trim();
    if (normalized !== '' && !roles.has(normalized)) roles.set(normalized, role);
  };
  for (const phrase of EXEMPT_PHRASES) add(phrase, { kind: 'exempt' });
  for (const entry of NEGATION_TRIGGERS) add(entry.text, { kind: 'negated', direction: entry.direction });
  for (const entry of HEDGE_TRIGGERS) add(entry.text, { kind: 'hedged', direction: entry.direction });
  for (const entry of settings.negationTriggers.map(configuredTrigger)) add(entry.text, { kind: 'negated', direction: entry.direction });
  for (const entry of settings.hedgeTriggers.map(configuredTrigger)) add(entry.text, { kind: 'hedged', direction: entry.direction });
  for (const word of CONTRAST_WORDS) add(word, { kind: 'contrast' });
  for (const word of CAUSAL_WORDS) add(word, { kind: 'causal' });
  // Longest first, so that "并非" wins over "非", "instead of" over "instead" and "无法" over "无".
  const texts = [...roles.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const firstCharacters = new Set(texts.map((text) => firstCharacterClass(text)));
  const alternatives = texts.map(alternative).join('|');
  // The look-ahead on the first characters lets the engine skip most positions without trying every alternative.
  return { pattern: new RegExp(`(?=[${[...firstCharacters].join('')}])(?:${alternatives})`, 'gu'), roles };
}

/** A configured trigger covers the text after it, or, written with a leading "...", the text before it. */
function configuredTrigger(text: string): TriggerEntry {
  const normalized = normalizeText(text).trim();
  return normalized.startsWith('...')
    ? { text: normalized.slice(3).trim(), direction: 'preceding' }
    : { text: normalized, direction: 'following' };
}

const WORD_CHARACTER = /[a-z0-9]/u;

/** Latin triggers match whole words only: "no" is not found in "node", nor "if" in "different". */
function alternative(text: string): string {
  const body = [...text].map((character) => (character === "'" ? "['\u2019]" : escapeCharacter(character))).join('');
  const before = WORD_CHARACTER.test(text[0] ?? '') ? '(?<![a-z0-9])' : '';
  const after = WORD_CHARACTER.test(text[text.length - 1] ?? '') ? '(?![a-z0-9])' : '';
  return `${before}${body}${after}`;
}

function firstCharacterClass(text: string): string {
  const first = [...text][0] ?? '';
  return first === "'" ? "'\u2019" : escapeCharacter(first);
}

function escapeCharacter(character: string): string {
  return /[\\^$.*+?()[\]{}|/-]/u.test(character) ? `\\${character}` : character;
}

/**
 * ASCII "." "," and ":" end a clause unless they stand between two letters or digits
 * (`max.poll.records`, `1,150`, `14:05`). A colon right after a trigger does not end it either:
 * "已排除：数据库宕机" and "ruled out: X" introduce what they deny.
 */
const CLAUSE_END = /[。;!?\n]|[.,:](?![a-z0-9])|(?<![a-z0-9])[.,:]/gu;

/**
 * Analyses an answer, normalised by normalizeWithLineBreaks (so that line ends still end clauses),
 * into the spans a mention is not asserted in.
 */
export function analyseAnswer(normalizedText: string, rules: AssertionRules): AnalysedAnswer {
  rules.pattern.lastIndex = 0;
  const matches = [...normalizedText.matchAll(rules.pattern)];
  const triggerEnds = new Set<number>();
  for (const match of matches) {
    const role = rules.roles.get(roleKey(match[0]));
    if (role?.kind === 'negated' || role?.kind === 'hedged') triggerEnds.add(match.index + match[0].length);
  }
  const clauses: Clause[] = [];
  const questionClauses: boolean[] = [];
  let clauseStart = 0;
  for (const match of normalizedText.matchAll(CLAUSE_END)) {
    if (match[0] === ':' && triggerEnds.has(endOfTextBefore(normalizedText, match.index))) continue;
    clauses.push({ start: clauseStart, end: match.index });
    questionClauses.push(match[0] === '?' || endsWithQuestionParticle(normalizedText, clauseStart, match.index));
    clauseStart = match.index + match[0].length;
  }
  if (clauseStart < normalizedText.length) {
    clauses.push({ start: clauseStart, end: normalizedText.length });
    questionClauses.push(endsWithQuestionParticle(normalizedText, clauseStart, normalizedText.length));
  }

  const scopes: Scope[] = [];
  let next = 0;
  for (let index = 0; index < clauses.length; index += 1) {
    const clause = clauses[index] as Clause;
    if (questionClauses[index] === true) scopes.push({ start: clause.start, end: clause.end, kind: 'questioned' });
    // Triggers whose scope covers what follows, waiting for the end of their segment.
    let open: { end: number; kind: 'negated' | 'hedged' }[] = [];
    let precedingStart = clause.start;
    let lastTriggerEnd = -1;
    const close = (at: number): void => {
      for (const trigger of open) if (trigger.end < at) scopes.push({ start: trigger.end, end: at, kind: trigger.kind });
      open = [];
    };
    while (next < matches.length && (matches[next] as RegExpExecArray).index < clause.end) {
      const match = matches[next] as RegExpExecArray;
      next += 1;
      if (match.index < clause.start) continue;
      const start = match.index;
      const end = start + match[0].length;
      if (end > clause.end) continue;
      const role = rules.roles.get(roleKey(match[0]));
      if (role === undefined || role.kind === 'exempt') continue;
      if (role.kind === 'contrast') {
        close(start);
        precedingStart = end;
      } else if (role.kind === 'causal') {
        // "not caused by X", "不是由于 X": the negation is of the link, and reaches past it.
        if (lastTriggerEnd >= 0 && normalizedText.slice(lastTriggerEnd, start).trim() === '') continue;
        close(start);
      } else {
        if (role.direction !== 'preceding') open.push({ end, kind: role.kind });
        if (role.direction !== 'following' && precedingStart < start) scopes.push({ start: precedingStart, end: start, kind: role.kind });
        lastTriggerEnd = end;
      }
    }
    close(clause.end);
  }
  return { text: normalizedText.includes('\n') ? normalizedText.replace(/\n/gu, ' ') : normalizedText, scopes, clauses };
}

/** Typographic apostrophes match the trigger written with a straight one. */
function roleKey(matched: string): string {
  return matched.includes('\u2019') ? matched.replace(/\u2019/gu, "'") : matched;
}

/** The offset just after the last non-space character before `index`. */
function endOfTextBefore(text: string, index: number): number {
  let end = index;
  while (end > 0 && text[end - 1] === ' ') end -= 1;
  return end;
}

function endsWithQuestionParticle(text: string, start: number, end: number): boolean {
  const trimmed = text.slice(start, end).replace(/[\s"'”’)\]」』]+$/u, '');
  return QUESTION_PARTICLES.some((particle) => trimmed.endsWith(particle));
}

/** The order in which an occurrence's kinds are named when several scopes cover it. */
const KIND_ORDER: readonly UnassertedKind[] = ['negated', 'hedged', 'questioned'];

/** Whether the answer asserts `keyword` (normalised here, cached), and its first unasserted occurrence. */
export function judgeMentions(answer: AnalysedAnswer, keyword: string): MentionJudgement {
  const needle = normalizedNeedleOf(keyword);
  if (needle === '') return { asserted: false, unasserted: null };
  let unasserted: UnassertedMention | null = null;
  for (let at = answer.text.indexOf(needle); at !== -1; at = answer.text.indexOf(needle, at + 1)) {
    const kind = unassertedKind(answer.scopes, at, at + needle.length);
    if (kind === null) return { asserted: true, unasserted };
    unasserted ??= { mention: needle, kind, clause: clauseAround(answer, at, at + needle.length) };
  }
  return { asserted: false, unasserted };
}

function unassertedKind(scopes: readonly Scope[], start: number, end: number): UnassertedKind | null {
  let found: UnassertedKind | null = null;
  for (const scope of scopes) {
    if (scope.start <= start && end <= scope.end && (found === null || KIND_ORDER.indexOf(scope.kind) < KIND_ORDER.indexOf(found))) {
      found = scope.kind;
    }
  }
  return found;
}

const MAX_CLAUSE_SHOWN = 80;

function clauseAround(answer: AnalysedAnswer, start: number, end: number): string {
  const clause = answer.clauses.find((candidate) => candidate.start <= start && end <= candidate.end) ?? { start, end };
  const text = answer.text.slice(clause.start, clause.end);
  if (text.trim().length <= MAX_CLAUSE_SHOWN) return text.trim();
  // A long clause is cut around the mention, so the message still shows the trigger beside it.
  const from = Math.max(clause.start, start - MAX_CLAUSE_SHOWN / 2);
  const to = Math.min(clause.end, end + MAX_CLAUSE_SHOWN / 2);
  return `${from > clause.start ? '…' : ''}${answer.text.slice(from, to).trim()}${to < clause.end ? '…' : ''}`;
}
