/**
 * Values worked out once per key and then looked up: texts the case file and the contract give
 * (keywords, tool names, markers) are normalised, quoted or compiled for every trace that meets
 * them. Bounded, as those texts come from input: when full, the memo is emptied, which costs only
 * working the values out again.
 */
export class BoundedMemo<K, V extends NonNullable<unknown>> {
  private readonly values = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value of `key`: made by `make` the first time it is asked for, and after the memo was emptied. */
  get(key: K, make: (key: K) => V): V {
    let value = this.values.get(key);
    if (value === undefined) {
      value = make(key);
      if (this.values.size >= this.limit) this.values.clear();
      this.values.set(key, value);
    }
    return value;
  }
}
