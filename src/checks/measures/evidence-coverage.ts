import type { EvalCase } from '../../cases/types.js';
import { isRecord } from '../../io/validation/is-record.js';
import { alternativesLabel } from '../../model/evidence-requirement.js';
import type { EvidenceCoverage } from '../../model/report-schema.js';
import { round4 } from '../../model/round.js';
import type { DiagnosisTrace } from '../../trace/types.js';

/** How a tool shows up in a trace: seen at all, and seen with evidence that counts (status other than `failed`). */
export interface ToolEvidence {
  covering: boolean;
}

/**
 * Every tool the trace mentions, from `toolInvocations` and from the verifier's `trace_summaries`.
 * A tool whose every mention has evidence status `failed` is kept with `covering: false`, so that
 * messages can tell "called but failed" from "never called".
 */
export function collectToolEvidence(trace: DiagnosisTrace): Map<string, ToolEvidence> {
  const tools = new Map<string, ToolEvidence>();
  const record = (toolName: string, evidenceStatus: unknown): void => {
    const covering = !isFailedStatus(evidenceStatus) || tools.get(toolName)?.covering === true;
    tools.set(toolName, { covering });
  };
  for (const invocation of trace.toolInvocations) record(invocation.toolName, invocation.evidenceStatus);
  // The verifier's summaries come from the service unvalidated (the trace shape does not cover
  // them), so entries that are not objects or carry no string `tool_name` are passed over.
  const summaries = trace.verifierEvaluation?.['trace_summaries'];
  for (const entry of Array.isArray(summaries) ? (summaries as unknown[]) : []) {
    if (isRecord(entry) && typeof entry['tool_name'] === 'string') record(entry['tool_name'], entry['evidence_status']);
  }
  return tools;
}

/** docs/contract.md §3, S03: which required evidence tools the trace covers (collectToolEvidence), in case-file order. */
export function computeEvidenceCoverage(evalCase: EvalCase, trace: DiagnosisTrace): EvidenceCoverage {
  const required = evalCase.requiredEvidenceTools.slice();
  const covered: string[] = [];
  const missing: string[] = [];
  const alternatives = evalCase.requiredEvidenceAlternatives;
  if (required.length > 0 || alternatives.length > 0) {
    const tools = collectToolEvidence(trace);
    const covers = (tool: string): boolean => tools.get(tool)?.covering === true;
    for (const tool of required) (covers(tool) ? covered : missing).push(tool);
    // A set of alternatives is reported by the tool that covered it (the first listed that does).
    for (const set of alternatives) {
      const label = alternativesLabel(set);
      required.push(label);
      const matched = set.find(covers);
      if (matched === undefined) missing.push(label);
      else covered.push(matched);
    }
  }
  return {
    required,
    covered,
    missing,
    ratio: required.length === 0 ? null : round4(covered.length / required.length),
  };
}

function isFailedStatus(status: unknown): boolean {
  return typeof status === 'string' && status.toLowerCase() === 'failed';
}
