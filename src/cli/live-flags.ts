/**
 * The flags that only mean something with `--api` (live mode), in the order `--help` lists them:
 * `run --help` shows them under `--api`, and the trace-source choice refuses them without it.
 */
export const LIVE_ONLY_FLAGS = [
  'sessions',
  'ask',
  'repeat',
  'record',
  'concurrency',
  'timeout-ms',
  'poll-timeout-ms',
  'max-body-mb',
  'header',
] as const;
