import { InputError } from '../io/errors.js';

/** Every item loaded, or the problems of every item that cannot be: a user sees them all at once. */
export async function loadEvery<Item, Loaded>(
  items: readonly Item[],
  load: (item: Item) => Loaded | Promise<Loaded>,
): Promise<Loaded[]> {
  const outcomes = await Promise.allSettled(items.map(async (item) => load(item)));
  const problems = outcomes.flatMap((outcome) => {
    if (outcome.status === 'fulfilled') return [];
    if (outcome.reason instanceof InputError) return outcome.reason.problems;
    throw outcome.reason;
  });
  if (problems.length > 0) throw new InputError(problems);
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<Loaded>).value);
}
