import { buildDist } from './helpers/build.js';

/** Builds dist/ once per test run, so the tests that spawn `node dist/cli/bin.cjs` test the current source. */
export default function setup(): void {
  buildDist();
}
