import { wordAlternatives } from './escape-regexp.js';
import type { Lexicon } from './lexicon/index.js';
import { sentenceAround } from './sentences.js';

/**
 * Where an answer states its root cause (docs/contract.md §4 "The conclusion", S69). A reviewer
 * reads the conclusion, not every mention: a cause named only as the third fault of a ranked list,
 * in a propagation path or in the evidence is not the answer's diagnosis.
 *
 * Read line by line on the answer normalised with its line breaks (offsets are that text's):
 * - a *labelled statement* gives the root cause: a line that starts with a conclusion label
 *   ("Root cause: …", "根因：…", "结论：…", "## Root cause", "To summarize, …", "综上，…") stands
 *   for its paragraph, and when it ends with a colon or is a heading, for the list or section
 *   under it; a label later in a line ("… is the most likely root cause", "the primary root cause
 *   of the anomaly is …", "…是主因") stands for its sentence;
 * - a *ranked list* of causes: a numbered list whose items are labelled as faults ("Fault 1",
 *   "## Type 1", "候选 1"), or that opens the answer (after "Final Answer:"), or whose heading
 *   ranks ("Ranking:"); its first item is part of the conclusion, the others are ranked lower;
 * - *asides*: sections labelled as propagation paths, justification, evidence, fixes ("**Propagation
 *   Path**:", "依据："), which are never part of the conclusion.
 * The conclusion is every labelled statement and the first item of every ranked list, less their
 * asides; an answer with neither marks no conclusion: its conclusion is then its first causal
 * sentence (one that commits to a cause word, found by the caller: text/assertion.ts), with the
 * sentence before it when it opens with a back-reference ("X happened. This caused Y"), and an
 * answer without one either is read whole.
 */

export interface Span {
  start: number;
  end: number;
}

export interface Conclusion {
  /** The spans of the conclusion; null when the answer marks none and has no causal sentence (then the whole answer counts). */
  spans: Span[] | null;
  /** The items of the ranked lists and tables, each list in order: the first of each is in the conclusion. */
  rankedItems: RankedItem[];
  /** Sections that are never the conclusion, with the label that opens them. */
  asides: (Span & { label: string })[];
  /** The items of the lists offered as possible causes, and the alternatives of rival statements (S69, single-conclusion). */
  candidates: Span[];
  /** Whether the answer chooses a cause: a labelled statement, a ranked list, or a choice marker outside the candidate lists. */
  chosen: boolean;
}

interface RankedItem {
  span: Span;
  rank: number;
}

/** Where an occurrence stands relative to the conclusion. */
export type Place =
  | { kind: 'conclusion' }
  | { kind: 'ranked'; rank: number }
  | { kind: 'aside'; label: string }
  | { kind: 'elsewhere' };

interface Line {
  start: number;
  end: number;
  /** The line without its leading markup (indent, "#", ">", list bullet, "**", "Final Answer:"). */
  body: string;
  /** Where `body` starts in the answer. */
  bodyStart: number;
  indent: number;
  blank: boolean;
  heading: boolean;
  /** 1, 2, … for a numbered item ("1.", "(2)", "Fault 3", "## Type 1"); 0 otherwise. */
  number: number;
  /** Whether the item is labelled as a fault or candidate ("Fault 1", "Type 1", "候选 1", "Top candidate"). */
  labelledItem: boolean;
  bullet: boolean;
}

/** The patterns of a lexicon, compiled once per reading rules (AssertionRules.conclusion). */
export type ConclusionPatterns = ReturnType<typeof conclusionPatterns>;

const TRAILING_ELLIPSIS = /\s*(?:…|\.\.\.)$/u;
const MARKUP = '(?:\\s|#{1,6}(?=\\s)|>|\\||[-*+•](?=\\s)|\\*\\*|__)';

export function conclusionPatterns(lexicon: Lexicon) {
  const words = (list: readonly string[]): string => `(?:${wordAlternatives(list, false)})`;
  const copulas = lexicon.labelCopulas;
  const before = [...copulas.preceding, ...copulas.both];
  const open = before.filter((word) => TRAILING_ELLIPSIS.test(word));
  const closed = before.filter((word) => !TRAILING_ELLIPSIS.test(word));
  return {
    label: new RegExp(words(lexicon.conclusionLabels), 'u'),
    analysis: new RegExp(words(lexicon.analysisLabels), 'u'),
    rankedItem: new RegExp(`^${words(lexicon.rankedItemLabels)}\\s*#?(\\d{1,2})(?![\\d.])`, 'u'),
    // An item that starts with a field naming a fault: "**Type**: …", "Fault: …".
    faultField: new RegExp(`^(?:\\*\\*)?${words(lexicon.rankedItemLabels)}(?:\\*\\*)?\\s*:`, 'u'),
    topItem: new RegExp(`^${words(lexicon.topItemLabels)}(?![a-z])`, 'u'),
    aside: new RegExp(`^${words(lexicon.asideLabels)}\\s*(?:\\*\\*)?\\s*(?::|$)`, 'u'),
    candidateIntro: new RegExp(words(lexicon.candidateIntros), 'u'),
    analysisIntro: new RegExp(words(lexicon.analysisIntros), 'u'),
    choice: new RegExp(words(lexicon.choiceMarkers), 'u'),
    // A sentence that opens pointing back to the one before: "This caused …", "这导致…".
    backReference: new RegExp(`^[\\s*_>#-]*${words(lexicon.backReferences)}(?![a-z0-9])`, 'u'),
    ranking: new RegExp(wordAlternatives(lexicon.rankingWords), 'u'),
    labelLead: new RegExp(`^${words(lexicon.labelLeads)}$`, 'u'),
    // A copula after a label in its clause, or one before it in its sentence: the label is stated.
    statedAfter: new RegExp(`^[^,，;]*?(?:${wordAlternatives([...copulas.following, ...copulas.both])})`, 'u'),
    // A preceding copula ending in "…" ("is the …") may stand words before the label, no comma between.
    statedBefore: new RegExp(
      `(?:(?:${wordAlternatives(open.map((word) => word.replace(TRAILING_ELLIPSIS, '')))})[^,，]*|${wordAlternatives(closed)})$`,
      'u',
    ),
    // Indentation, "#", ">", "|", a bullet, "**", and an answer label with the markup after it ("Final Answer: **…").
    leadingMarkup: new RegExp(`^${MARKUP}*(?:${words(lexicon.answerLabels)}\\s*:\\s*${MARKUP}*)?`, 'u'),
    rankColumns: new Set(lexicon.rankColumns) as ReadonlySet<string>,
  };
}

const NUMBERED = /^(?:\((\d{1,2})\)|(\d{1,2})[.)、](?!\d))\s*/u;
const BULLET = /^\s*[-*+•]\s/u;

function readLines(text: string, patterns: ConclusionPatterns): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const raw = text.slice(start, end);
    const offset = (patterns.leadingMarkup.exec(raw)?.[0] ?? '').length;
    const body = raw.slice(offset);
    const numbered = NUMBERED.exec(body);
    const stripped = body.replace(/^\*\*/u, '');
    const ranked = patterns.rankedItem.exec(stripped);
    // A labelled item ("Fault 3", "Top candidate") takes its label's number over the list's.
    const labelledItem = ranked !== null || patterns.topItem.test(stripped);
    let number = numbered === null ? 0 : Number(numbered[1] ?? numbered[2]);
    if (ranked !== null) number = Number(ranked[1]);
    else if (labelledItem) number = 1;
    lines.push({
      start,
      end,
      body,
      bodyStart: start + offset,
      indent: raw.length - raw.trimStart().length,
      blank: raw.trim() === '',
      heading: /^\s*#{1,6}\s/u.test(raw) || /^\*\*[^*]+\*\*:?$/u.test(raw.trim()),
      number,
      labelledItem,
      bullet: BULLET.test(raw) || number > 0,
    });
    if (end === text.length) break;
    start = end + 1;
  }
  numberFaultFields(lines, patterns);
  return lines;
}

/**
 * Faults written one after another without numbers, each opening with its fault field ("| **Type**:
 * …", "Type: …"), are a ranked list all the same: each such line, when there are two or more at one
 * indent, is numbered in order.
 */
function numberFaultFields(lines: Line[], patterns: ConclusionPatterns): void {
  const fields = lines.filter((line) => line.number === 0 && patterns.faultField.test(line.body));
  if (fields.length < 2 || fields.some((line) => line.indent !== (fields[0] as Line).indent)) return;
  fields.forEach((line, index) => {
    line.number = index + 1;
    line.labelledItem = true;
  });
}

/** A sentence that offers rival causes without choosing one (S69): "可能是 X，也可能是 Y", "it could be X, or Y, or Z". */
export interface RivalStatement {
  span: Span;
  /** Each cause it offers. */
  alternatives: Span[];
}

/** What the assertion rules (text/assertion.ts) read in the answer's sentences for the conclusion. */
export interface SentenceReadings {
  /** The first sentence outside the spans `skip` answers true for that commits to a cause word; null when there is none. */
  firstCausalSentence(skip: (span: Span) => boolean): Span | null;
  rivalStatements(): RivalStatement[];
}

export function findConclusion(text: string, patterns: ConclusionPatterns, sentences: SentenceReadings): Conclusion {
  const lines = readLines(text, patterns);
  const asides = findAsides(lines, patterns);
  // A ranked table in an aside ("## Recommendations", "| Rank | Fix |") ranks no causes.
  const tableRows = findRankedTables(text, lines, patterns).filter((row) => !within(asides, row.span.start));
  const rankedItems = [...findRankedItems(lines, patterns), ...tableRows];
  const lowerItems = rankedItems.filter((item) => item.rank > 1).map((item) => item.span);
  const spans: Span[] = rankedItems.filter((item) => item.rank === 1).map((item) => item.span);
  const candidateLists = findCandidateLists(lines, patterns.candidateIntro);
  const intro = new Set(candidateLists.map((list) => list.intro));
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as Line;
    if (intro.has(index) || within(lowerItems, line.start) || within(asides, line.start)) continue;
    const statement = labelledStatement(text, lines, index, patterns);
    if (statement !== null) spans.push(statement);
  }
  // An answer that marks no conclusion offers the items of its analysis lists to choose from.
  if (spans.length === 0) {
    for (const list of findCandidateLists(lines, patterns.analysisIntro))
      if (!intro.has(list.intro) && !within(asides, (lines[list.intro] as Line).start)) {
        candidateLists.push(list);
        intro.add(list.intro);
      }
  }
  const listed = candidateLists.flatMap((list) => list.items);
  // Rival statements outside the lists and asides offer their alternatives as candidates too.
  const rivals = sentences
    .rivalStatements()
    .filter(
      ({ span }) => !within(listed, span.start) && !within(asides, span.start) && !within(lowerItems, span.start),
    );
  const candidates = [...listed, ...rivals.flatMap((statement) => statement.alternatives)];
  // A conclusion that is itself a rival statement ("Root cause: could be X, or Y, or Z, or W") chooses none.
  const marked = spans.some(
    (span) => !rivals.some((statement) => statement.span.start === sentenceAround(text, span.start).start),
  );
  if (spans.length === 0) {
    // Prose only: not the lines that introduce candidates, nor a table's rows (rival faults side by side).
    const notProse = lines.filter(
      (line, index) => intro.has(index) || text.slice(line.start, line.bodyStart).includes('|'),
    );
    const causal = sentences.firstCausalSentence(
      (span) => within(asides, span.start) || within(candidates, span.start) || within(notProse, span.start),
    );
    if (causal !== null) spans.push(withBackReference(text, causal, patterns));
  }
  const chosen =
    marked ||
    lines.some(
      (line, index) => !intro.has(index) && !within(candidates, line.start) && patterns.choice.test(line.body),
    ) ||
    candidates.some((item) => patterns.choice.test(text.slice(item.start, item.end)));
  return { spans: spans.length === 0 ? null : spans, rankedItems, asides, candidates, chosen };
}

/** Where an occurrence at `start` to `end` stands (a position of -1, unknown, counts as in the conclusion). */
export function placeOf(conclusion: Conclusion, start: number, end: number): Place {
  if (start < 0) return { kind: 'conclusion' };
  const aside = conclusion.asides.find((span) => span.start <= start && end <= span.end);
  if (aside !== undefined) return { kind: 'aside', label: aside.label };
  // A lower item of a ranked list is another candidate, whatever paragraph it stands in.
  const ranked = conclusion.rankedItems.find((item) => item.span.start <= start && end <= item.span.end);
  if (ranked !== undefined && ranked.rank > 1) return { kind: 'ranked', rank: ranked.rank };
  const inConclusion =
    conclusion.spans === null || conclusion.spans.some((span) => span.start <= start && end <= span.end);
  return inConclusion ? { kind: 'conclusion' } : { kind: 'elsewhere' };
}

/** The causal sentence, and the sentence before it when it opens with a back-reference ("X happened. This caused Y"). */
function withBackReference(text: string, sentence: Span, patterns: ConclusionPatterns): Span {
  if (!patterns.backReference.test(text.slice(sentence.start, sentence.end))) return sentence;
  let before = sentence.start - 1;
  while (before > 0 && /[\s.。;!?]/u.test(text[before] as string)) before -= 1;
  return before <= 0 ? sentence : { start: sentenceAround(text, before).start, end: sentence.end };
}

function within(spans: readonly Span[], at: number): boolean {
  return spans.some((span) => span.start <= at && at < span.end);
}

/**
 * The statement a conclusion label on line `index` stands for, or null when the line holds none:
 * a label that heads the line stands for its paragraph (and the block under it, when the
 * paragraph ends with a colon or is a heading); a later one for its sentence, when the label is
 * stated there ("root cause … is", "is the … root cause", "根因是", "是主因"), not only named
 * ("to find the root cause, we …").
 */
function labelledStatement(
  text: string,
  lines: readonly Line[],
  index: number,
  patterns: ConclusionPatterns,
): Span | null {
  const line = lines[index] as Line;
  if (line.blank || patterns.analysis.test(line.body) || patterns.candidateIntro.test(line.body)) return null;
  const label = patterns.label.exec(line.body);
  if (label === null) return null;
  const before = line.body
    .slice(0, label.index)
    .replace(/[*_`#]/gu, '')
    .trim();
  const heads = before === '' || patterns.labelLead.test(before);
  if (heads) return headedBlock(lines, index);
  const at = line.bodyStart + label.index;
  const sentence = sentenceAround(text, at);
  const after = text.slice(at + label[0].length, sentence.end);
  const beforeInSentence = text.slice(sentence.start, at);
  const stated = patterns.statedAfter.test(after) || patterns.statedBefore.test(beforeInSentence.trim());
  if (!stated) return null;
  // "… we have identified two root causes that could be accountable:" heads the list under it.
  return line.body.replace(/[*_\s]+$/u, '').endsWith(':') ? headedBlock(lines, index) : sentence;
}

/** The paragraph that line `index` opens, and the block under it when it ends with a colon or is a heading. */
function headedBlock(lines: readonly Line[], index: number): Span {
  const first = lines[index] as Line;
  let last = index;
  while (last + 1 < lines.length && !(lines[last + 1] as Line).blank && !(lines[last + 1] as Line).heading) last += 1;
  const closing = (lines[last] as Line).body.replace(/[*_\s]+$/u, '');
  if (first.heading || closing.endsWith(':')) {
    // The list or section under it: list items, indented lines and blank lines between them.
    for (let next = last + 1; next < lines.length; next += 1) {
      const line = lines[next] as Line;
      if (line.heading || (!line.blank && !line.bullet && line.indent === 0 && !first.heading)) break;
      if (!line.blank) last = next;
    }
  }
  return { start: first.start, end: (lines[last] as Line).end };
}

/**
 * The ranked lists: numbered lists whose items are labelled as faults ("Fault 1", "## Type 1"),
 * written as faults ("1. **Type**: …"), or whose heading ranks ("Ranking:", "the three most likely
 * faults are:"). Each item runs to the next item of its list; the last to the end of its
 * block (a blank line before a line that belongs to no list, or a heading of its level).
 */
function findRankedItems(lines: readonly Line[], patterns: ConclusionPatterns): RankedItem[] {
  const items: RankedItem[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as Line;
    if (line.number !== 1) continue;
    const introIndex = previousContent(lines, index);
    const intro = introIndex < 0 ? '' : (lines[introIndex] as Line).body;
    const ranks = patterns.ranking.test(intro);
    // A numbered list whose items are written as faults ("1. **Type**: …") lists rival faults in order.
    const faultItem = patterns.faultField.test(line.body.replace(NUMBERED, ''));
    if (!(line.labelledItem || ranks || faultItem)) continue;
    // The items: 1, 2, 3, … at the indent of the first (or labelled like it).
    const starts = [index];
    for (let next = index + 1; next < lines.length; next += 1) {
      const candidate = lines[next] as Line;
      if (candidate.number === starts.length + 1 && (candidate.indent === line.indent || candidate.labelledItem))
        starts.push(next);
      else if (candidate.number === 1 && candidate.indent <= line.indent) break;
    }
    starts.forEach((from, rank) => {
      const to = rank + 1 < starts.length ? (starts[rank + 1] as number) - 1 : blockEnd(lines, from, line);
      items.push({ span: { start: (lines[from] as Line).start, end: (lines[to] as Line).end }, rank: rank + 1 });
    });
    index = starts[starts.length - 1] as number;
  }
  return items;
}

/**
 * Tables of ranked faults (S69): the rows under a header with a rank column ("| Rank | Fault |", "| 排名 |
 * 根因 |") ranked by the number in that column (in order when it holds none), or in order under a line
 * that ranks ("## Top candidates", "候选根因："). Each row is an item.
 */
function findRankedTables(text: string, lines: readonly Line[], patterns: ConclusionPatterns): RankedItem[] {
  const items: RankedItem[] = [];
  const cellsOf = (line: Line | undefined): string[] | null => {
    const row = line === undefined ? '' : text.slice(line.start, line.end).trim();
    return row.startsWith('|')
      ? row
          .replace(/^\||\|$/gu, '')
          .split('|')
          .map((cell) => cell.replace(/[*_`]/gu, '').trim())
      : null;
  };
  for (let index = 0; index + 1 < lines.length; index += 1) {
    const header = cellsOf(lines[index]);
    if (header === null || !(cellsOf(lines[index + 1]) ?? ['']).every((cell) => /^:?-+:?$/u.test(cell))) continue;
    const column = header.findIndex((cell) => patterns.rankColumns.has(cell));
    const intro = previousContent(lines, index);
    const ranks = column >= 0 || (intro >= 0 && patterns.ranking.test((lines[intro] as Line).body));
    let row = index + 2;
    for (let cells = cellsOf(lines[row]); cells !== null; row += 1, cells = cellsOf(lines[row])) {
      const rank = Number(/\d{1,2}/u.exec(cells[column] ?? '')?.[0] ?? row - index - 1);
      if (ranks) items.push({ span: { start: (lines[row] as Line).start, end: (lines[row] as Line).end }, rank });
    }
    index = row - 1;
  }
  return items;
}

/**
 * The last line of the item that starts at `from` (the last of its list): a heading item runs to
 * the next heading; another to a line, after a blank line, that is not indented below the item.
 */
function blockEnd(lines: readonly Line[], from: number, first: Line): number {
  let last = from;
  for (let next = from + 1; next < lines.length; next += 1) {
    const line = lines[next] as Line;
    if (line.blank) continue;
    if (first.heading ? line.heading : line.heading || (line.indent <= first.indent && (lines[next - 1] as Line).blank))
      break;
    last = next;
  }
  return last;
}

function previousContent(lines: readonly Line[], index: number): number {
  for (let previous = index - 1; previous >= 0; previous -= 1) if (!(lines[previous] as Line).blank) return previous;
  return -1;
}

/** Sections labelled as asides: from the label to the next field label, heading or numbered item (a heading aside: to the next heading). */
function findAsides(lines: readonly Line[], patterns: ConclusionPatterns): (Span & { label: string })[] {
  const asides: (Span & { label: string })[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as Line;
    const body = line.body.replace(/^\*\*/u, '');
    const label = patterns.aside.exec(body);
    if (label === null) continue;
    // A label alone on its line ("依据：", "### Evidence") heads the block under it; one followed by
    // text on its line runs over the lines that continue it.
    const alone = body.slice(label[0].length).replace(/[*_\s]/gu, '') === '';
    let last = index;
    for (let next = index + 1; next < lines.length; next += 1) {
      const candidate = lines[next] as Line;
      if (candidate.blank) continue;
      if (candidate.heading || isField(candidate.body)) break;
      if (alone) {
        if (!line.heading && candidate.indent === 0 && !candidate.bullet && (lines[next - 1] as Line).blank) break;
      } else if (candidate.number > 0 || (!line.heading && candidate.indent < line.indent)) {
        break;
      }
      last = next;
    }
    asides.push({
      start: line.start,
      end: (lines[last] as Line).end,
      label: label[0].replace(/[*:\s]+$/u, '').trim(),
    });
  }
  return asides;
}

/** "**Location**: node-1", "Fix: …": a line that opens a field of its own. */
function isField(body: string): boolean {
  return /^\*\*[^*]{1,40}\*\*\s*:|^[a-z][a-z ]{0,30}:\s|^[\p{Script=Han}]{1,8}:/u.test(body);
}

/** Lists (two items or more) introduced as possible causes: "Possible causes:", "可能的原因有：". */
function findCandidateLists(lines: readonly Line[], introPattern: RegExp): { intro: number; items: Span[] }[] {
  const lists: { intro: number; items: Span[] }[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as Line;
    if (line.blank || line.bullet || !introPattern.test(line.body)) continue;
    const items: Span[] = [];
    let indent = -1;
    for (let next = index + 1; next < lines.length; next += 1) {
      const candidate = lines[next] as Line;
      if (candidate.blank) continue;
      if (!candidate.bullet) {
        if (candidate.indent > indent && indent >= 0) continue;
        break;
      }
      if (indent < 0) indent = candidate.indent;
      if (candidate.indent === indent) items.push({ start: candidate.start, end: candidate.end });
      else if (candidate.indent < indent) break;
    }
    if (items.length >= 2) lists.push({ intro: index, items });
  }
  return lists;
}
