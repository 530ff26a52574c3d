import { defineCommand, valueFlag } from '../command.js';
import { CASE_SOURCE_FLAGS, GENERAL_FLAGS, OUT } from './shared-flags.js';

export const command = defineCommand({
  summary: 'regress every passing trace on purpose and report which regressions no case notices',
  usage: `diag-eval mutate [--cases FILE] [--fixtures DIR] [--config FILE] [--operators LIST]
                      [--out DIR] [--min-score F] [--format LIST] [--keep-mutants DIR] [--quiet]`,
  about: `Measures how strong the case suite is. Every case whose trace passes today is regressed on
purpose by each regression operator (a required tool dropped, failed or empty; a disallowed
verdict; a root-cause concept deleted, negated, hedged or replaced; forbidden text, executor
JSON, a figure no tool returned or an uncalled tool in the answer; doubled cost; a repeated
call; the verdict before the evidence; an audit field dropped; a claim check emptied; a failed
run) and each regressed trace is evaluated in memory. A mutant is killed when its case fails.
Meaning-preserving variants (white space, letter case, full-width forms, synonyms from the case,
reordered calls, snake_case keys, the envelope) are evaluated too; one that fails its case is
listed as fragile. Writes OUT/mutation.json and OUT/mutation.md (and, with html, mutation.html):
the mutation score overall, per operator and per case, and a suggestion for every surviving
mutant. Cases that fail or are not run today are listed and skipped. Exit 0 when the score is at least --min-score (or no
--min-score is given), 1 below it, 2 when the input cannot be used.`,
  flags: {
    cases: CASE_SOURCE_FLAGS.cases,
    fixtures: CASE_SOURCE_FLAGS.fixtures,
    config: valueFlag('FILE', 'config file (its contract values, cases, fixtures and out)'),
    operators: valueFlag('LIST', 'comma-separated operator ids (default: all of them)'),
    out: OUT,
    'min-score': valueFlag('F', 'the lowest acceptable score, 0 to 1 (default: no gate)'),
    format: valueFlag('LIST', 'comma-separated: json, md, html (mutation.html) (default json,md)'),
    'keep-mutants': valueFlag('DIR', 'also write every mutant as a fixture, DIR/<case>/<operator>-<n>.json'),
    ...GENERAL_FLAGS,
  },
  action: async () => (await import('../actions/mutate.js')).mutateCommand,
});
