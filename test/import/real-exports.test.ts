import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { importTraces } from '../../src/import/import-traces.js';
import { InputError } from '../../src/io/errors.js';
import { loadTrace } from '../../src/trace/load-trace.js';
import { REAL_TRACES, realTrace } from './helpers.js';

/**
 * Exports from public projects (see SOURCES.md beside them). The two kagent files are two runs
 * of one question ("list all Helm releases") by a Google ADK agent with Traceloop's OpenAI
 * instrumentation, one exported from Jaeger, one from Tempo.
 */
describe('real exports', () => {
  /** The last assistant text anywhere in the export: the answer the agent gave in that run. */
  async function lastAssistantTextIn(name: string): Promise<string> {
    const text = await readFile(realTrace(name), 'utf8');
    const contents = [
      ...text.matchAll(/"gen_ai\.completion\.0\.content"[^}]*?"(?:value|stringValue)":\s*("(?:[^"\\]|\\.)*")/gu),
    ];
    const last = contents.at(-1)?.[1];
    if (last === undefined) throw new Error(`no assistant text in ${name}`);
    return JSON.parse(last) as string;
  }

  it.each([
    [
      'agentevals_kagent-helm_jaeger.json',
      'jaeger',
      '3e289017fe03ffd7c4145316d2eb3d0d',
      'ctx-7ed9780f-3688-4fc0-b10b-2e4df2f83cf0',
      'list all Helm releases',
      'kagent-0.7.14',
      4163.849,
      'call_P09kjRKHTTJA02oB9HIe4u5t',
      { inputTokens: 3776, outputTokens: 130 },
    ],
    [
      'agentevals_kagent-helm_tempo-export.json',
      'tempo',
      'dd547580319ab0312cee07f1def50dad',
      'ctx-eff35888-55ab-4eb0-b90d-7b21f711f91f',
      'list all helm releases\n',
      'kagent-0.9.0',
      4661.153,
      'call_w0eKlvnaE7S9GQJeSSs0gn05',
      { inputTokens: 4648, outputTokens: 129 },
    ],
  ] as const)(
    '%s: one helm_list_releases call with its arguments and result, and the final answer',
    async (name, format, traceId, sessionId, question, chart, durationMs, callId, usage) => {
      for (const from of ['auto', format] as const) {
        const { traces, skipped } = await importTraces([name], from, REAL_TRACES);
        expect(skipped).toEqual([]);
        expect(traces).toHaveLength(1);
        const [trace] = traces;
        expect(trace?.traceId).toBe(traceId);
        const document = trace?.document;
        expect(loadTrace(document)).toMatchObject({ ok: true });
        expect(document?.sessionId).toBe(sessionId);
        expect(document?.question).toBe(question);
        expect(document?.status).toBe('COMPLETED');
        expect(document?.finalAnswer).toBe(await lastAssistantTextIn(name));
        expect(document?.finalAnswer).toMatch(/^There are two Helm releases/u);
        // The Tempo export's outermost invoke_agent span is the Go controller's: its time holds the
        // Python agent's, whose parent link breaks off at the A2A call.
        expect(document?.durationMs).toBe(durationMs);
        expect(document?.toolCallCount).toBe(1);
        expect(document?.toolInvocations).toHaveLength(1);
        const tool = document?.toolInvocations?.[0];
        expect(tool?.toolName).toBe('helm_list_releases');
        expect(tool?.evidenceStatus).toBeUndefined();
        expect(tool?.callId).toBe(callId);
        // Only ADK's gcp.vertex.agent.tool_call_args / tool_response carry them.
        expect(tool?.arguments).toEqual({});
        // The MCP result's text is the result; the MCP envelope is kept as rawResult.
        expect(tool?.resultSummary).toEqual(expect.stringContaining(chart));
        expect(tool?.resultSummary).toMatch(/^NAME\s+\tNAMESPACE/u);
        expect(tool?.rawResult).toMatchObject({ isError: false, content: [{ type: 'text' }] });
        expect(tool?.startedAt).toMatch(/^2026-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/u);
        // call_llm and the openai.chat span inside it record the same call: counted once.
        expect(document?.usage).toEqual(usage);
        expect(document?.selfEvaluation).toEqual({});
      }
    },
  );

  it('the Jaeger export: its tool span is a child of a model span (call_llm)', async () => {
    const { traces } = await importTraces(['agentevals_kagent-helm_jaeger.json'], 'auto', REAL_TRACES);
    expect(traces[0]?.document.agentSteps?.map((step) => `${step.agentName}/${step.stepType}`)).toEqual([
      'helm_agent/invoke_agent',
      'call_llm/model',
      'openai.chat/chat',
      'execute_tool helm_list_releases/execute_tool',
      'call_llm/model',
      'openai.chat/chat',
    ]);
  });

  it('the Tempo export: the Go controller and the Python agent both have invoke_agent spans', async () => {
    const { traces } = await importTraces(['agentevals_kagent-helm_tempo-export.json'], 'auto', REAL_TRACES);
    expect(
      traces[0]?.document.agentSteps?.filter((step) => step.stepType === 'invoke_agent').map((step) => step.agentName),
    ).toEqual(['helm-agent', 'helm_agent']);
  });

  it("any-agent's AgentTrace: OpenTelemetry SDK span dictionaries with decimal ids and integer nanoseconds (--from spans)", async () => {
    for (const from of ['auto', 'spans'] as const) {
      const { traces, skipped, unrecognised } = await importTraces(['anyagent_OPENAI_trace.json'], from, REAL_TRACES);
      expect([skipped, unrecognised]).toEqual([[], []]);
      expect(traces).toHaveLength(1);
      const document = traces[0]?.document;
      expect(loadTrace(document)).toMatchObject({ ok: true });
      expect(document).toMatchObject({
        question:
          'Find what year it is in the America/New_York timezone and write the value (single number) to a file. Finally, return a list of the steps you have taken.',
        status: 'COMPLETED',
        // The last model call's gen_ai.output (JSON, as the run's final_output).
        finalAnswer: expect.stringContaining('"description": "Write the year to a file."'),
        durationMs: 1227.25,
        toolCallCount: 2,
        // 269+359+392 and 16+14+46: the three model calls; the agent span records none of its own.
        usage: { inputTokens: 1020, outputTokens: 76 },
      });
      expect(document?.toolInvocations?.map((tool) => [tool.toolName, tool.arguments, tool.evidenceStatus])).toEqual([
        ['get_current_time', { timezone: 'America/New_York' }, undefined],
        ['write_file', { text: '2025' }, undefined],
      ]);
    }
  });

  it('the official OTLP example: one trace without GenAI content', async () => {
    const { traces } = await importTraces(['otlp-proto_examples_trace.json'], 'otlp', REAL_TRACES);
    expect(traces.map((trace) => trace.document)).toEqual([
      {
        sessionId: '5b8efff798038103d269b633813fc60c',
        question: null,
        status: 'COMPLETED',
        finalAnswer: null,
        durationMs: 1000,
        stepCount: 0,
        toolCallCount: 0,
        selfEvaluation: {},
        agentSteps: [],
        toolInvocations: [],
      },
    ]);
  });

  it.each([
    ['langfuse_microsoft-agent-framework_2025-10-14.json', 'a Langfuse trace export'],
    ['langfuse_openinference-openai-agents_2025-09-30.json', 'a Langfuse trace export'],
    ['langfuse_pydantic-ai-tools_2025-12-04.json', 'a Langfuse trace export'],
    ['langfuse_openinference-google-adk_2025-08-28.json', 'a Langfuse trace export'],
    ['agentevals_eval_set_helm.json', 'a Google ADK EvalSet'],
    ['sweagent_test-repo-i1.traj.json', 'a SWE-agent trajectory'],
    ['taubench_gpt-4o-airline_SUBSET-2-of-200.json', 'a tau-bench result list'],
    ['aiopslab_pr99_ground_truth_social_net-localization-1.json', 'an AIOpsLab ground-truth file'],
  ])('%s is rejected with a message saying what it is', async (name, what) => {
    const error = await importTraces([name], 'auto', REAL_TRACES).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    const [message] = (error as InputError).problems;
    expect(message).toContain(`${name}: unknown trace format: found `);
    expect(message).toContain(`which looks like ${what}`);
    expect(message).toContain('expected OTLP/JSON {"resourceSpans": […]}');
  });
});
