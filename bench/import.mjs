// Throughput and peak memory of importing a ~50 MB OTLP JSON Lines export, through the built
// library (`npm run build` first). Run alone with `node bench/import.mjs`.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const TARGET_BYTES = 50 * 1024 * 1024;
const SAMPLE_INTERVAL_MS = 10;

export async function benchImport({ targetBytes = TARGET_BYTES, log = console.log } = {}) {
  const { importTraces } = await import(new URL('../dist/import/import-traces.js', import.meta.url).href);
  const folder = await mkdtemp(join(tmpdir(), 'diag-eval-bench-import-'));
  try {
    const file = join(folder, 'traces.jsonl');
    const generated = await writeExport(file, targetBytes);
    const bytes = (await stat(file)).size;
    const floorSeconds = await lineByLineFloor(file);
    globalThis.gc?.();
    const baselineRss = process.memoryUsage().rss;
    let peakRss = baselineRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, SAMPLE_INTERVAL_MS);
    const started = process.hrtime.bigint();
    const result = await importTraces([file], 'auto', folder);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const megabytes = bytes / (1024 * 1024);
    const figures = {
      fileMB: round(megabytes),
      lines: generated.lines,
      spans: generated.spans,
      traces: result.traces.length,
      toolCalls: result.traces.reduce((sum, trace) => sum + trace.document.toolInvocations.length, 0),
      seconds: round(seconds),
      mbPerSecond: round(megabytes / seconds),
      baselineRssMB: round(baselineRss / (1024 * 1024)),
      peakRssMB: round(peakRss / (1024 * 1024)),
      maxRssMB: round(process.resourceUsage().maxRSS / 1024),
      floorSeconds: round(floorSeconds),
      floorRatio: round(seconds / floorSeconds),
    };
    log(
      `import: ${figures.fileMB} MB OTLP JSON Lines (${figures.lines} lines, ${figures.spans} spans, ${figures.traces} traces) ` +
        `in ${figures.seconds} s = ${figures.mbPerSecond} MB/s; peak RSS ${figures.peakRssMB} MB ` +
        `(${figures.baselineRssMB} MB before the import; process max ${figures.maxRssMB} MB); ` +
        `floor (read line by line + JSON.parse each line) ${figures.floorSeconds} s: ${figures.floorRatio}x the floor`,
    );
    return figures;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Seconds to read the export line by line and JSON.parse every line: what no import can go below. */
async function lineByLineFloor(file) {
  const started = process.hrtime.bigint();
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line !== '') JSON.parse(line);
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}

function round(value) {
  return Math.round(value * 100) / 100;
}

/**
 * Writes GenAI-instrumented agent runs the way the OpenTelemetry file exporter does: one
 * TracesData per line, each batch holding spans of several traces, each trace spread over
 * several lines. Deterministic (seeded), streamed to disk.
 */
async function writeExport(file, targetBytes) {
  const out = createWriteStream(file, { encoding: 'utf8' });
  const random = seededRandom(42);
  let written = 0;
  let lines = 0;
  let spans = 0;
  let traceNumber = 0;
  let pending = [];
  const flush = async () => {
    const line = `${JSON.stringify(tracesData(pending))}\n`;
    spans += pending.length;
    pending = [];
    written += Buffer.byteLength(line);
    lines += 1;
    if (!out.write(line)) await once(out, 'drain');
  };
  while (written < targetBytes) {
    for (const span of agentRun(traceNumber, random)) {
      pending.push(span);
      if (pending.length >= 7) await flush();
    }
    traceNumber += 1;
  }
  if (pending.length > 0) await flush();
  out.end();
  await once(out, 'finish');
  return { lines, spans, traces: traceNumber };
}

function tracesData(spans) {
  return {
    resourceSpans: [
      {
        resource: { attributes: [kv('service.name', 'diagnosis-agent'), kv('telemetry.sdk.language', 'python'), kv('host.name', 'bench')] },
        scopeSpans: [{ scope: { name: 'opentelemetry.instrumentation.genai', version: '0.1.0' }, spans }],
      },
    ],
  };
}

const TOOLS = ['queryMetrics', 'queryLogs', 'queryTraces', 'listDeployments', 'describePod'];
const BASE_TIME = 1_777_555_053_769_345_800n;

function* agentRun(index, random) {
  const traceId = hex(index, 32, 'a');
  const agentId = hex(index * 100, 16, 'b');
  const start = BASE_TIME + BigInt(index) * 60_000_000_000n;
  let clock = start + 1_000_000n;
  const question = `Why did the payment service time out at ${index % 24}:00? Checkout latency p99 rose above 5 s.`;
  const history = [{ role: 'system', parts: [{ type: 'text', content: 'You diagnose production incidents. '.repeat(20) }] }];
  history.push({ role: 'user', parts: [{ type: 'text', content: question }] });
  const toolCount = 2 + Math.floor(random() * 3);
  const children = [];
  for (let step = 0; step < toolCount; step += 1) {
    const modelId = hex(index * 100 + step * 2 + 1, 16, 'c');
    const toolId = hex(index * 100 + step * 2 + 2, 16, 'd');
    const tool = TOOLS[Math.floor(random() * TOOLS.length)];
    const modelEnd = clock + 900_000_000n + BigInt(Math.floor(random() * 1e8));
    const args = { service: 'payment', window: '15m', step };
    children.push(
      span(traceId, modelId, agentId, 'chat gpt-4.1-mini', 3, clock, modelEnd, [
        kv('gen_ai.operation.name', 'chat'),
        kv('gen_ai.request.model', 'gpt-4.1-mini'),
        kv('gen_ai.input.messages', JSON.stringify(history)),
        kv('gen_ai.output.messages', JSON.stringify([{ role: 'assistant', parts: [{ type: 'tool_call', name: tool, arguments: args }] }])),
        { key: 'gen_ai.usage.input_tokens', value: { intValue: String(1500 + step * 400) } },
        { key: 'gen_ai.usage.output_tokens', value: { intValue: '40' } },
        kv('http.url', 'https://api.openai.com/v1/chat/completions'),
      ]),
    );
    const toolEnd = modelEnd + 50_000_000n + BigInt(Math.floor(random() * 5e8));
    const result = `${tool}: ${'p99 latency 5.2s, connection pool 100/100 in use, 37 requests waiting; '.repeat(8)}`;
    children.push(
      span(traceId, toolId, agentId, `execute_tool ${tool}`, 1, modelEnd, toolEnd, [
        kv('gen_ai.operation.name', 'execute_tool'),
        kv('gen_ai.tool.name', tool),
        kv('gen_ai.tool.call.arguments', JSON.stringify(args)),
        kv('gen_ai.tool.call.result', result),
      ]),
    );
    history.push({ role: 'assistant', parts: [{ type: 'tool_call', name: tool, arguments: args }] });
    history.push({ role: 'tool', parts: [{ type: 'tool_call_response', response: result }] });
    clock = toolEnd;
  }
  const answer = 'The database connection pool of the payment service was exhausted: all 100 connections were in use. '.repeat(3);
  const end = clock + 1_200_000_000n;
  children.push(
    span(traceId, hex(index * 100 + 99, 16, 'c'), agentId, 'chat gpt-4.1-mini', 3, clock, end - 1_000_000n, [
      kv('gen_ai.operation.name', 'chat'),
      kv('gen_ai.input.messages', JSON.stringify(history)),
      kv('gen_ai.output.messages', JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: answer }] }])),
    ]),
  );
  const agent = span(traceId, agentId, null, 'invoke_agent diagnosis', 1, start, end, [
    kv('gen_ai.operation.name', 'invoke_agent'),
    kv('gen_ai.agent.name', 'diagnosis'),
    kv('gen_ai.conversation.id', `diag-${String(index).padStart(6, '0')}`),
    kv('gen_ai.output.messages', JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: answer }] }])),
  ]);
  agent.events = [
    {
      timeUnixNano: String(end),
      name: 'gen_ai.evaluation.result',
      attributes: [
        kv('gen_ai.evaluation.name', 'verifier'),
        kv('gen_ai.evaluation.score.label', 'PASS'),
        kv('gen_ai.evaluation.explanation', 'The answer cites the pool metrics.'),
      ],
    },
  ];
  // The exporter writes a parent after its children: it ends last.
  yield* children;
  yield agent;
}

function span(traceId, spanId, parentSpanId, name, kind, start, end, attributes) {
  return {
    traceId,
    spanId,
    ...(parentSpanId === null ? {} : { parentSpanId }),
    name,
    kind,
    startTimeUnixNano: String(start),
    endTimeUnixNano: String(end),
    attributes,
    status: {},
  };
}

function kv(key, value) {
  return { key, value: { stringValue: value } };
}

function hex(number, length, prefix) {
  return `${prefix}${number.toString(16)}`.padStart(length, '0');
}

function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchImport();
}
