/**
 * The starter suite `diag-eval init` writes: one commented example case, a trace that passes it,
 * and a config file. Kept in sync by a test that runs them (test/cli/init.test.ts).
 */

export const EXAMPLE_CASE_ID = 'checkout-timeout-db-pool';

export const CASES_YAML = `# yaml-language-server: $schema=../node_modules/diagnosis-eval-harness/schema/cases.schema.json
#
# The diagnosis cases: each names the trace it is judged against (eval/fixtures/<id>.json unless
# traceFixture says otherwise) and what that trace must show. Every field is described in
# node_modules/diagnosis-eval-harness/docs/contract.md (section 2); the line above lets editors
# with the YAML language server complete and check this file.
version: 1

defaults:                              # applied to every case that does not set the field itself
  minKeywordCoverage: 0.75             # share of the root-cause concepts the answer must name
  budget: { maxToolCalls: 8, maxDurationMs: 60000 }

cases:
  - id: ${EXAMPLE_CASE_ID}
    question: "Checkout requests time out since 14:05. What is the root cause?"
    rootCauseKeywords:                 # one item per concept; a list = synonyms, any one covers it
      - ["connection pool", "连接池"]
      - ["exhausted", "耗尽"]
      - ["batch job", "reconcile"]
      - ["timeout", "超时"]
    requiredEvidenceTools: [queryMetrics, queryLogs]   # the tools the agent must have called
    allowedVerdicts: [PASS, REVISE]    # the verifier verdicts that are acceptable
    forbiddenConfirmedClaims: ["database is down"]    # an answer claiming this fails the case
    audit: { v2: true }                # require the verifier's full audit chain
    tags: [example]
`;

export const EXAMPLE_TRACE = {
  sessionId: 'diag-example-0001',
  question: 'Checkout requests time out since 14:05. What is the root cause?',
  status: 'COMPLETED',
  finalAnswer:
    'Root cause: the checkout-service database connection pool is exhausted. A reconcile batch job started at 14:03 holds ' +
    'connections in long transactions; from 14:04 all 50 of 50 connections are busy and checkout requests hit the 30 s ' +
    'connection timeout. The database server itself is healthy. Pause the reconcile job and give batch work its own pool.',
  durationMs: 18400,
  selfEvaluation: {
    verifier_evaluation: {
      verdict: 'PASS',
      reason: 'Metrics and logs support every claim.',
      trace_summaries: [
        { tool_name: 'queryMetrics', evidence_status: 'supported', summary: 'active connections 50/50 from 14:04' },
        {
          tool_name: 'queryLogs',
          evidence_status: 'supported',
          summary: '"Connection is not available, request timed out after 30000ms"',
        },
      ],
      gatekeeper_result: { status: 'pass', violations: [] },
      claim_checks: [
        { claim_id: 'c1', verification: 'supported', detail: 'pool exhausted: queryMetrics shows 50/50 active' },
        { claim_id: 'c2', verification: 'supported', detail: 'reconcile job holds connections: queryLogs' },
      ],
      composer_output: { mode: 'parsed' },
    },
  },
  agentSteps: [
    {
      stepIndex: 1,
      agentName: 'planner',
      stepType: 'plan',
      output: 'check pool metrics and error logs',
      durationMs: 1200,
    },
    {
      stepIndex: 2,
      agentName: 'executor',
      stepType: 'answer',
      output: 'pool exhausted by the reconcile job',
      durationMs: 14100,
    },
  ],
  toolInvocations: [
    {
      toolName: 'queryMetrics',
      evidenceStatus: 'supported',
      durationMs: 640,
      arguments: { service: 'checkout-service' },
      resultSummary: 'hikaricp_connections_active 50/50 since 14:04',
      errorMessage: null,
    },
    {
      toolName: 'queryLogs',
      evidenceStatus: 'supported',
      durationMs: 910,
      arguments: { service: 'checkout-service', level: 'ERROR' },
      resultSummary: '1,204 connection timeouts',
      errorMessage: null,
    },
  ],
};

export const CONFIG_YAML = `# diag-eval settings; flags beat this file, and it beats the defaults. Paths are relative to
# this file's folder. Every setting: node_modules/diagnosis-eval-harness/docs/contract.md (section 1).
cases: eval/cases.yaml          # the case file
fixtures: eval/fixtures         # the saved traces, <case id>.json
out: eval-out                   # where run and check write their reports
baselineDir: docs/eval/baseline # the committed baseline that check compares against
# annotations: false            # no ::error annotations in GitHub Actions
`;
