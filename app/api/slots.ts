/**
 * At most `size` of the given tasks run at once; the others wait their turn, first come first
 * served. A task's failure is its caller's alone: the slot is freed either way.
 */
export function slots(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
