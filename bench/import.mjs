// Throughput and peak memory of importing OTLP JSON Lines exports, through the built library
// (`npm run build` first). Run alone with `node bench/import.mjs`.
//   - conversion: importTraces over a ~50 MB export, each trace handed on as it is converted (nothing written);
//   - end to end: the `import` command in process, writing one fixture per trace;
//   each against the floor of reading the export line by line and JSON.parse-ing each line, in turns;
//   - memory: peak RSS of the `import` command, each in a fresh process, for the 50 MB export and,
//     with DIAG_EVAL_BENCH_IMPORT_200MB=1 (it adds a minute or two), for a ~200 MB one.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MB = 1024 * 1024;
const TARGET_BYTES = 50 * MB;
const LARGE_BYTES = 200 * MB;
const ROUNDS = 5;
/** Rounds run first and not counted: the conversion's code is compiled and optimised in them. */
const WARMUP_ROUNDS = 1;
export const IMPORT_GOALS = { convertRatio: 2.5, rssGrowthMb: 30 };
export const LARGE_IMPORT_ENV = 'DIAG_EVAL_BENCH_IMPORT_200MB';

export async function benchImport({
  targetBytes = TARGET_BYTES,
  log = console.log,
  large = process.env[LARGE_IMPORT_ENV] === '1',
} = {}) {
  const { importTraces } = await import(new URL('../dist/import/import-traces.js', import.meta.url).href);
  const { importCommand } = await import(new URL('../dist/cli/actions/import.js', import.meta.url).href);
  const folder = await mkdtemp(join(tmpdir(), 'diag-eval-bench-import-'));
  try {
    const file = join(folder, 'traces.jsonl');
    const generated = await writeExport(file, targetBytes);
    const bytes = (await stat(file)).size;
    const megabytes = bytes / MB;
    const floor = [];
    const floorCpu = [];
    const convert = [];
    const convertCpu = [];
    const endToEnd = [];
    let traces = 0;
    let run = 0;
    // In turns, so that the load of a shared machine weighs on each alike; medians, after a warm-up round.
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round += 1) {
      let cpu = process.cpuUsage();
      floor.push(await lineByLineFloor(file));
      floorCpu.push(cpuSeconds(cpu));
      let started = process.hrtime.bigint();
      cpu = process.cpuUsage();
      traces = 0;
      await importTraces([file], 'auto', folder, { onTrace: () => void (traces += 1) });
      convert.push(Number(process.hrtime.bigint() - started) / 1e9);
      convertCpu.push(cpuSeconds(cpu));
      run += 1;
      started = process.hrtime.bigint();
      await importCommand(
        { files: [file], from: 'auto', outDir: join(folder, `out-${run}`), cases: null, quiet: true },
        silentIo(folder),
      );
      endToEnd.push(Number(process.hrtime.bigint() - started) / 1e9);
      await rm(join(folder, `out-${run}`), { recursive: true, force: true });
    }
    for (const list of [floor, floorCpu, convert, convertCpu, endToEnd]) list.splice(0, WARMUP_ROUNDS);
    const floorSeconds = median(floor);
    // Each round against the floor timed just before it: the median of those ratios.
    const ratioToFloor = (times) => median(times.map((seconds, index) => seconds / floor[index]));
    const memory = { at50: importInChild(file, join(folder, 'out-rss-50')), at200: null };
    if (large) {
      const largeFile = join(folder, 'large.jsonl');
      await writeExport(largeFile, LARGE_BYTES);
      memory.at200 = {
        ...importInChild(largeFile, join(folder, 'out-rss-200')),
        fileMB: round((await stat(largeFile)).size / MB),
      };
      await rm(largeFile, { force: true });
    }
    const figures = {
      fileMB: round(megabytes),
      lines: generated.lines,
      spans: generated.spans,
      traces,
      floorSeconds: round(floorSeconds),
      convertSeconds: round(median(convert)),
      mbPerSecond: round(megabytes / median(convert)),
      floorRatio: round(ratioToFloor(convert)),
      cpuRatio: round(median(convertCpu) / median(floorCpu)),
      endToEndSeconds: round(median(endToEnd)),
      endToEndRatio: round(ratioToFloor(endToEnd)),
      peakRssMB: memory.at50.maxRssMB,
      largePeakRssMB: memory.at200?.maxRssMB ?? null,
      rssGrowthMB: memory.at200 === null ? null : round(memory.at200.maxRssMB - memory.at50.maxRssMB),
    };
    log(
      `import: ${figures.fileMB} MB OTLP JSON Lines (${figures.lines} lines, ${figures.spans} spans, ${figures.traces} traces), medians of ${ROUNDS} rounds in turns after ${WARMUP_ROUNDS} warm-up; ` +
        `floor (read line by line + JSON.parse each line) ${figures.floorSeconds} s`,
    );
    log(
      `  conversion (importTraces, each trace handed on as converted): ${figures.convertSeconds} s = ${figures.mbPerSecond} MB/s = ` +
        `${figures.floorRatio}x the floor (goal <= ${IMPORT_GOALS.convertRatio}x: ${figures.floorRatio <= IMPORT_GOALS.convertRatio ? 'met' : 'NOT MET'}); ` +
        `CPU time ${figures.cpuRatio}x the floor's (less moved by other work on the machine)`,
    );
    log(
      `  end to end (the import command, ${figures.traces} fixtures written): ${figures.endToEndSeconds} s = ${figures.endToEndRatio}x the floor`,
    );
    log(
      `  peak RSS of the import command in a fresh process: ${figures.peakRssMB} MB for ${figures.fileMB} MB` +
        (memory.at200 === null
          ? `; the ~200 MB export is not measured (set ${LARGE_IMPORT_ENV}=1; it adds a minute or two), so the goal of <= +${IMPORT_GOALS.rssGrowthMb} MB from 50 to 200 MB is not checked`
          : `, ${figures.largePeakRssMB} MB for ${memory.at200.fileMB} MB: +${figures.rssGrowthMB} MB (goal <= +${IMPORT_GOALS.rssGrowthMb} MB: ${figures.rssGrowthMB <= IMPORT_GOALS.rssGrowthMb ? 'met' : 'NOT MET'})`),
    );
    return figures;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** CPU seconds (user + system) of this process since `start`, a process.cpuUsage() value. */
function cpuSeconds(start) {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

function silentIo(cwd) {
  return { cwd, env: {}, stdout: () => undefined, stderr: () => undefined, stdoutIsTTY: false };
}

/** The import command over `file` in a fresh process: its wall time and peak RSS. */
function importInChild(file, outDir) {
  const output = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child-import', file, outDir], {
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1));
}

async function childImport(file, outDir) {
  const { importCommand } = await import(new URL('../dist/cli/actions/import.js', import.meta.url).href);
  const started = process.hrtime.bigint();
  await importCommand({ files: [file], from: 'auto', outDir, cases: null, quiet: true }, silentIo(process.cwd()));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(
    `${JSON.stringify({ seconds: round(seconds), maxRssMB: round(process.resourceUsage().maxRSS / 1024) })}\n`,
  );
}

/** Seconds to read the export line by line and JSON.parse every line: what no import can go below. */
async function lineByLineFloor(file) {
  const started = process.hrtime.bigint();
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line !== '') JSON.parse(line);
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
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
        resource: {
          attributes: [
            kv('service.name', 'diagnosis-agent'),
            kv('telemetry.sdk.language', 'python'),
            kv('host.name', 'bench'),
          ],
        },
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
  const history = [
    { role: 'system', parts: [{ type: 'text', content: 'You diagnose production incidents. '.repeat(20) }] },
  ];
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
        kv(
          'gen_ai.output.messages',
          JSON.stringify([{ role: 'assistant', parts: [{ type: 'tool_call', name: tool, arguments: args }] }]),
        ),
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
  const answer =
    'The database connection pool of the payment service was exhausted: all 100 connections were in use. '.repeat(3);
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
  if (process.argv[2] === '--child-import') await childImport(process.argv[3], process.argv[4]);
  else await benchImport();
}
