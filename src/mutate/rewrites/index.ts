import type { PreservingRewrite } from '../types.js';
import { envelope } from './envelope.js';
import { fullWidth } from './full-width.js';
import { letterCase } from './letter-case.js';
import { reorderCalls } from './reorder-calls.js';
import { snakeCase } from './snake-case.js';
import { synonym } from './synonym.js';
import { whitespace } from './whitespace.js';

/** Every meaning-preserving rewrite, in the order reports list them. */
export const REWRITES: readonly PreservingRewrite[] = [
  whitespace,
  letterCase,
  fullWidth,
  synonym,
  reorderCalls,
  snakeCase,
  envelope,
];
