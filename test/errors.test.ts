import { describe, expect, it } from 'vitest';
import { problemsInFileOrder } from '../src/io/errors.js';

describe('problems are printed as a reader goes through the files (problemsInFileOrder)', () => {
  it.each([
    {
      name: "a case file's problems by line and column, whatever order they were found in",
      found: [
        'eval/cases.yaml:40:5: cases[3].budget: found "x", expected a number',
        'eval/cases.yaml:7:3: cases[0].id: found 1, expected a string',
        'eval/cases.yaml:40:3: cases[3]: found unknown key "tag"',
        'eval/cases.yaml:12: cases[1]: found a duplicate id "a"',
      ],
      printed: [
        'eval/cases.yaml:7:3: cases[0].id: found 1, expected a string',
        'eval/cases.yaml:12: cases[1]: found a duplicate id "a"',
        'eval/cases.yaml:40:3: cases[3]: found unknown key "tag"',
        'eval/cases.yaml:40:5: cases[3].budget: found "x", expected a number',
      ],
    },
    {
      name: 'files in the order of their first mention; a problem of a whole file first in it; others kept in place',
      found: [
        'diag-eval.config.yaml:9:1: out: found 3, expected a folder',
        'eval/cases.yaml:20:1: cases: found a list of 0, expected at least one case',
        'diag-eval.config.yaml: not valid YAML',
        '--cost-tolerance: found "lots", expected a number',
      ],
      printed: [
        'diag-eval.config.yaml: not valid YAML',
        'diag-eval.config.yaml:9:1: out: found 3, expected a folder',
        'eval/cases.yaml:20:1: cases: found a list of 0, expected at least one case',
        '--cost-tolerance: found "lots", expected a number',
      ],
    },
  ])('$name', ({ found, printed }) => {
    expect(problemsInFileOrder(found)).toEqual(printed);
  });
});
