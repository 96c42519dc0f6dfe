// Indexed reads where a missing element is a bug, not a case. They throw with what was expected,
// so a broken assumption is named where it breaks instead of surfacing later as
// "cannot read properties of undefined". Where absence has a meaning, use `?? fallback` instead.

/** The element at `index`; throws a RangeError naming `what` when there is none. */
export function itemAt<T>(items: ArrayLike<T>, index: number, what = "an item"): T {
  if (!Number.isInteger(index) || index < 0 || index >= items.length) {
    throw new RangeError(`Expected ${what} at index ${index}, but there are ${items.length}`);
  }
  return items[index] as T;
}

/** The first element; throws naming `what` when there is none (a query that must find a row). */
export function first<T>(items: ArrayLike<T>, what = "a row"): T {
  if (items.length === 0) throw new RangeError(`Expected ${what}, found none`);
  return items[0] as T;
}

/** The last element; throws naming `what` when there is none. */
export function last<T>(items: ArrayLike<T>, what = "an item"): T {
  if (items.length === 0) throw new RangeError(`Expected ${what}, found none`);
  return items[items.length - 1] as T;
}

/** The own value of `record` under `key`; throws naming `what` when there is none (an answer that must hold an id). */
export function fieldOf<T>(record: Readonly<Record<string, T>>, key: string, what = key): T {
  const value = Object.hasOwn(record, key) ? record[key] : undefined;
  if (value === undefined) throw new RangeError(`Expected ${what}, found none`);
  return value;
}
