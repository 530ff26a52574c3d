import type { KeywordSynonyms } from '../cases/types.js';
import type { UnassertedConcept } from '../model/report-schema.js';
import type { MessageList, MessagePart } from './messages.js';
import { fail, messageList, pass, quote, quoteList, skip, verdictIs } from './support.js';
import type { CheckDefinition } from './types.js';

export const keywordCoverageCheck: CheckDefinition = {
  id: 'keyword-coverage',
  order: 60,
  spec: ['S05', 'S33', 'S67', 'S68', 'S69'],
  description:
    'The final answer commits to at least minKeywordCoverage of the root-cause concepts, and to every required one in its conclusion; a concept only denied, asked about, guessed, left to check or offered beside rivals is not covered.',
  failsWhen:
    'covered concepts / all concepts < `minKeywordCoverage`, or a `required` concept is not covered; a concept is covered only by a mention the answer commits to (section 2), a required one only in the conclusion (below), and the message names why and where each mentioned concept is not covered, with its clause',
  skippedWhen: 'no keywords, or the verdict is `contract.rejectVerdict`',
  inputs: ['rootCauseKeywords', 'minKeywordCoverage'],
  messages: {
    covered: '{{covered}} of {{concepts}} root-cause concepts covered ({{ratio}}), minimum {{min}}{{notes}}',
    notCovered: '{{problems}}{{notes}}',
    belowMinimum:
      '{{covered}} of {{concepts}} root-cause concepts covered ({{ratio}}), below the minimum {{min}}{{missing}}',
    missing: '; missing: {{concepts}}',
    requiredNotCovered: 'required {{conceptWord}} not covered: {{required}}',
    onlyRequiredNotCovered:
      '{{covered}} of {{concepts}} root-cause concepts covered ({{ratio}}), but required {{conceptWord}} not covered: {{required}}',
    notes: '; {{mentions}}',
    unasserted: 'concept {{mention}} {{how}}: {{clause}}',
    noKeywords: 'the case has no root-cause keywords',
    rejected:
      'verdict is {{verdict}}: root-cause coverage does not apply to a rejected answer (degraded-output checks it instead)',
  },
  run(context) {
    const { evalCase, contract } = context;
    if (evalCase.rootCauseKeywords.length === 0) return skip('noKeywords');
    if (verdictIs(context, contract.rejectVerdict)) {
      return skip('rejected', { verdict: quote(contract.rejectVerdict.toUpperCase()) });
    }
    const coverage = context.keywordCoverage;
    const { covered, concepts, ratio, min } = coverage;
    const summary = { covered, concepts, ratio, min };
    const notes = unassertedNotes(coverage.unasserted ?? [], 'unasserted');
    const requiredMissing = coverage.requiredMissing ?? [];
    const problems: MessagePart[] = [];
    // Each concept is named once: a required one under "required", the others under "missing".
    const required = new Set(requiredMissing.map((concept) => describeConcept(concept)));
    const otherMissing = coverage.missing.map(describeConcept).filter((concept) => !required.has(concept));
    // The exact fraction, not the rounded ratio, decides: 2/3 must not pass a minimum of 0.6667.
    if (covered / concepts < min) {
      const missing =
        otherMissing.length === 0 ? [] : [{ messageId: 'missing', data: { concepts: otherMissing.join(', ') } }];
      problems.push({ messageId: 'belowMinimum', data: { ...summary, missing: messageList(missing, '') } });
    }
    if (requiredMissing.length > 0) {
      const data = {
        ...summary,
        conceptWord: requiredMissing.length === 1 ? 'concept' : 'concepts',
        required: requiredMissing.map(describeConcept).join(', '),
      };
      problems.push({ messageId: problems.length === 0 ? 'onlyRequiredNotCovered' : 'requiredNotCovered', data });
    }
    if (problems.length > 0) {
      return fail('notCovered', { problems: messageList(problems), notes });
    }
    return pass('covered', { ...summary, notes });
  },
};

function describeConcept(concept: KeywordSynonyms): string {
  return typeof concept === 'string' ? quote(concept) : `one of [${quoteList(concept)}]`;
}

/**
 * The `notes` part naming why and where each mentioned concept is not covered, with its clause,
 * each as the message `messageId` (keyword-coverage's `unasserted`, forbidden-confirmed-claims'
 * own): `concept "连接池" is only mentioned negated: "不是连接池耗尽"`; no part when there are none.
 */
export function unassertedNotes(
  entries: readonly Pick<UnassertedConcept, 'mention' | 'kind' | 'clause' | 'place'>[],
  messageId: string,
): MessageList {
  const mentions = entries.map((entry) => ({
    messageId,
    data: { mention: quote(entry.mention), how: whyNotCovered(entry), clause: quote(entry.clause) },
  }));
  const parts = mentions.length === 0 ? [] : [{ messageId: 'notes', data: { mentions: messageList(mentions) } }];
  return messageList(parts, '');
}

/**
 * The words for why a mention does not cover its concept ("is only asked about", "is the 3rd
 * ranked cause, not the conclusion"): the one vocabulary of report.md's messages and report.html.
 */
export function whyNotCovered(entry: Pick<UnassertedConcept, 'kind' | 'place'>): string {
  return HOW[entry.kind](entry.place ?? 'outside the conclusion');
}

const HOW: Record<UnassertedConcept['kind'], (place: string) => string> = {
  negated: () => 'is only mentioned negated',
  hedged: () => 'is only mentioned hedged',
  questioned: () => 'is only asked about',
  speculated: () => 'is only guessed',
  deferred: () => 'is only left to check',
  rivalled: () => 'is only offered beside rival causes',
  'not-conclusion': (place) => {
    if (place.endsWith('ranked cause')) return `is ${place}, not the conclusion`;
    return place === 'outside the conclusion'
      ? 'is only named outside the conclusion'
      : `is only in ${place}, not the conclusion`;
  },
};
