/** `requestAnimationFrame`, or the next task where there are no frames (tests). */
export function nextFrame(callback: () => void): () => void {
  if (typeof requestAnimationFrame === "function") {
    const id = requestAnimationFrame(callback);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, 0);
  return () => clearTimeout(id);
}

/**
 * Collects items and hands them over at most once per frame, in arrival order: a burst
 * of backend events (a refresh's answers) costs one render per frame, not one each.
 */
export function perFrame<T>(flush: (batch: T[]) => void) {
  let batch: T[] = [];
  let cancel: (() => void) | null = null;
  const run = () => {
    cancel = null;
    const items = batch;
    batch = [];
    if (items.length > 0) flush(items);
  };
  return {
    push(item: T) {
      batch.push(item);
      cancel ??= nextFrame(run);
    },
    /** Drops what has not been handed over yet. */
    cancel() {
      cancel?.();
      cancel = null;
      batch = [];
    },
  };
}
