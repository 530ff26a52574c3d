import { fail, isRecord, matchedTexts, pass, plural, quote, quoteList, skip, verifierField } from './support.js';
import type { CheckDefinition } from './types.js';

export const noProtocolLeakCheck: CheckDefinition = {
  id: 'no-protocol-leak',
  order: 140,
  spec: ['S31', 'S32'],
  description:
    "Under V2 audit, the final answer contains none of the executor's protocol markers, whatever the composer mode.",
  failsWhen: 'the final answer contains a protocol marker, whatever the composer mode',
  skippedWhen: '`audit.v2` off',
  scanByDefault: true,
  inputs: ['audit.v2'],
  messages: {
    noMarker: 'the final answer contains none of the {{markers}}',
    leaked: 'the final answer leaks raw executor output: it contains protocol {{markerWord}} {{found}}{{composer}}',
    auditOff: 'V2 audit is off for this case (audit.v2)',
  },
  run(context) {
    if (!context.evalCase.audit.v2) return skip('auditOff');
    const markers = context.contract.protocolMarkers;
    const found = matchedTexts(context, markers);
    if (found.length > 0) {
      return fail('leaked', {
        markerWord: found.length === 1 ? 'marker' : 'markers',
        found: quoteList(found),
        composer: composerNote(verifierField(context, 'composer_output')),
      });
    }
    return pass('noMarker', { markers: plural(markers.length, 'protocol marker') });
  },
};

/** S32: a fallback rendering is no excuse, so the message says which mode leaked. */
function composerNote(composerOutput: unknown): string {
  const mode = isRecord(composerOutput) ? composerOutput['mode'] : undefined;
  return typeof mode === 'string' ? ` (composer mode ${quote(mode)})` : '';
}
