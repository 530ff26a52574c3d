import { findJsonObjectLiteral } from '../text/json-objects.js';
import type { MarkerPattern } from '../text/marker-patterns.js';
import { containsNormalized } from '../text/normalize.js';
import type { MessagePart } from './messages.js';
import { fail, messageList, pass, quote, quoteList } from './support.js';
import type { CheckDefinition } from './types.js';

/** A pasted object with a single key reads like a value in prose ("{"ok": true}"); two or more keys are a record. */
const MIN_KEYS = 2;
const SHOWN_LITERAL = 80;

export const noRawStructureCheck: CheckDefinition = {
  id: 'no-raw-structure',
  order: 230,
  spec: ['S40'],
  description:
    'The final answer holds no JSON object literal with two or more keys outside a fenced code block; under V2 audit, no protocol marker spelt with "_", "-" or spaces folded (the exact spelling is no-protocol-leak\'s).',
  failsWhen:
    'the final answer holds a JSON object literal with two or more keys outside fenced code blocks (```` ``` ```` or `~~~`, CommonMark rules; an unclosed fence runs to the end): brace-balanced text that `JSON.parse` reads as an object, nested ones included; under `audit.v2` also a protocol marker written with `_`, `-`, spaces or nothing between its words (`evidence-bindings`, `Claim ID`, `answerVersion`), as a whole word; the exact spelling is left to `no-protocol-leak`',
  skippedWhen: 'never',
  scanByDefault: true,
  inputs: ['audit.v2'],
  messages: {
    noObject: 'no JSON object outside code blocks',
    noObjectNorMarker: 'no JSON object outside code blocks, and no protocol marker in another spelling',
    rawStructure: 'the final answer carries raw executor structure: {{problems}}',
    jsonObject: 'a JSON object with {{keys}} keys outside a code block: {{literal}}',
    respeltMarker: 'protocol {{markerWord}} {{markers}} written as {{written}}',
  },
  run(context) {
    const answer = context.trace.finalAnswer ?? '';
    const problems: MessagePart[] = [];
    const literal = findJsonObjectLiteral(answer, MIN_KEYS);
    if (literal !== null) {
      problems.push({ messageId: 'jsonObject', data: { keys: literal.keys, literal: quote(shorten(literal.text)) } });
    }
    if (context.evalCase.audit.v2) {
      const leaked = foldedMarkerMatches(context.normalizedFinalAnswer, context.session.protocolMarkerPatterns);
      if (leaked.length > 0) {
        const data = {
          markerWord: leaked.length === 1 ? 'marker' : 'markers',
          markers: quoteList(leaked.map((found) => found.marker)),
          written: quoteList(leaked.map((found) => found.text)),
        };
        problems.push({ messageId: 'respeltMarker', data });
      }
    }
    if (problems.length > 0) {
      return fail('rawStructure', { problems: messageList(problems) });
    }
    return pass(context.evalCase.audit.v2 ? 'noObjectNorMarker' : 'noObject');
  },
};

function shorten(text: string): string {
  const flat = text.replace(/\s+/gu, ' ');
  return flat.length <= SHOWN_LITERAL ? flat : `${flat.slice(0, SHOWN_LITERAL - 1)}…`;
}

/** The markers the answer holds in another spelling than their own (the session compiled their patterns). */
function foldedMarkerMatches(
  normalizedAnswer: string,
  patterns: readonly MarkerPattern[],
): { marker: string; text: string }[] {
  if (normalizedAnswer === '') return [];
  const found: { marker: string; text: string }[] = [];
  for (const { marker, pattern } of patterns) {
    // Written exactly, the marker is no-protocol-leak's finding; one leak fails one check.
    if (containsNormalized(normalizedAnswer, marker)) continue;
    const match = pattern.exec(normalizedAnswer);
    if (match !== null) found.push({ marker, text: match[0] });
  }
  return found;
}
