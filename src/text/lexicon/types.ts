/**
 * The words that decide how an answer is read (docs/contract.md §2 and §4): which mentions of a
 * concept the answer commits to, which it denies, asks about, guesses or leaves open, and where its
 * conclusion stands. Data only, one file per language (en.ts, zh.ts); the engine that reads an answer
 * with them is text/assertion.ts and text/conclusion.ts. Entries are written normalised: lower
 * case, no full-width forms. A config file adds entries with `contract.lexicon` (section 5).
 */

/** Words with the side of them they cover inside their clause. */
export interface DirectedWords {
  /** The text after the word: "not the network", "不是网络问题". */
  following: readonly string[];
  /** The text before it: "the network was ruled out", "网络问题已被排除". */
  preceding: readonly string[];
  /** Either side: "ruled out X" and "X ruled out". */
  both: readonly string[];
}

export interface Lexicon {
  /** Denials: a mention in their scope is denied (S33). */
  negation: DirectedWords;
  /**
   * A single modal: the answer commits to a mention it qualifies when the mention is its only
   * candidate ("the root cause may be X", "根因可能是 X", "疑似 X"); not when rivals stand beside it (S67).
   */
  modal: DirectedWords;
  /** Explicit speculation: nothing in their sentence is committed to ("unverified guess", "猜测") (S67). */
  speculation: readonly string[];
  /** The answer defers the question: "need to check whether X", "是否为 X" (S67). */
  deferral: DirectedWords;
  /**
   * Confidence qualifiers that commit: "most likely", "很可能", "大概率". A modal inside one ("可能"
   * in "很可能") is no modal.
   */
  confidence: readonly string[];
  /** Words that offer a rival to a modal mention in its sentence: "or", "也可能", "或者" (S67). */
  rivals: readonly string[];
  /** Statements that the cause is undecided: a modal mention in their sentence or the one before has rivals (S67). */
  undecided: readonly string[];
  /**
   * Actions a negation may deny (S68): "did not catch …", "没有捕获 …". A negation right before one
   * denies the action only; the action's object is still asserted ("没有捕获线程池耗尽异常").
   */
  negatedActions: readonly string[];
  /** A clause that is only one of these, after "X:", denies X: "disk full: no", "磁盘写满：否" (S68). */
  bareDenials: readonly string[];
  /** End the scope of every trigger before them: "not the network but the pool", "不是…，而是…". */
  contrast: readonly string[];
  /** Cause-and-effect words: a trigger before them does not reach past them, unless it stands right before ("not caused by"). */
  causal: readonly string[];
  /** Negations of a link right before a cause word (S68), beside the negations: "cannot have caused", "不会导致". */
  linkNegations: readonly string[];
  /** What closes an English list a trigger's scope extends over (S33): "not the network, dns, or the disk". */
  listClosers: readonly string[];
  /** Ordinary words that contain a trigger but negate or qualify nothing: "无法", "非常", "not only". */
  exempt: readonly string[];
  /** A clause ending with one of these, or with "?", asks. */
  questionParticles: readonly string[];
  /** Words that mark the statement giving the root cause (S69): "root cause", "根因", "结论", "综上". */
  conclusionLabels: readonly string[];
  /** All that may stand before a conclusion label that still heads its line (S69): "The primary root cause: …", "主要根因：". */
  labelLeads: readonly string[];
  /**
   * What states a label later in a line (S69): after it in its clause ("root cause is", "根因在于"), or
   * right before it ("是主因"; one ending in "…" words before it: "is the …" in "is the main root cause").
   */
  labelCopulas: DirectedWords;
  /** Labels of the answer proper, set aside with the leading markup of a line: "Final Answer:", "最终答案：". */
  answerLabels: readonly string[];
  /** Labels that contain a conclusion label but head the whole analysis, not its conclusion: "root cause analysis", "根因分析". */
  analysisLabels: readonly string[];
  /** Words that name an item of a ranked list of causes (S69): "fault 1", "type 1", "候选 1"; followed by a number. */
  rankedItemLabels: readonly string[];
  /** Words for the first item of a ranking without a number: "top candidate", "首要候选". */
  topItemLabels: readonly string[];
  /** Words that make the line or heading before a list or table rank it (S69): "Ranking:", "Top candidates", "按可能性", "候选根因". */
  rankingWords: readonly string[];
  /** Header cells of a table's rank column (S69): "rank", "#", "排名"; its rows are ranked in the column's order. */
  rankColumns: readonly string[];
  /** Sections of a conclusion that are not the conclusion (S69): "propagation path", "justification", "传播路径", "依据". */
  asideLabels: readonly string[];
  /** Words that introduce a list as possible causes, offered without choosing (S69): "possible causes", "可能的原因". */
  candidateIntros: readonly string[];
  /**
   * Words that head the lists of an analysis ("CpuExpert's analysis:", "CpuExpert的分析："): in an
   * answer that marks no conclusion, the items of such lists are candidates it has not chosen from.
   */
  analysisIntros: readonly string[];
  /** Words that choose one of the listed candidates: "most likely", "primary", "主要", "最可能". */
  choiceMarkers: readonly string[];
  /**
   * Words that state a cause-and-effect link (S69): "caused", "due to", "导致", "由于". In an answer
   * that marks no conclusion, the first sentence that commits to one is the conclusion.
   */
  causeWords: readonly string[];
  /**
   * Words that open a sentence by pointing back to the one before: "This caused …", "这导致…", or a
   * cause word without a subject of its own ("导致内存溢出": what the sentence before says did). A
   * causal sentence they open takes the sentence before it into the conclusion (S69).
   */
  backReferences: readonly string[];
  /**
   * What a modal offers a cause with: "could be X", "可能是 X". A sentence that offers rival causes
   * (S69, single-conclusion) opens with a modal followed by one: "could provide more detail, or …" offers none.
   */
  modalCopulas: readonly string[];
}

/** The lists a config file's `contract.lexicon` may extend: every one of Lexicon's, the directed ones by direction. */
export type LexiconExtension = Partial<{
  [Key in keyof Lexicon]: Lexicon[Key] extends DirectedWords ? Partial<DirectedWords> : readonly string[];
}>;
