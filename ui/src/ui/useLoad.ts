import { useCallback, useEffect, useState } from "react";

import { asAppError } from "../api/backend";
import type { AppError } from "../bindings/AppError";
import { begin, type Measure, usePaintMeasure } from "../perf";

export type Load<T> = { state: "loading" } | { state: "ready"; value: T } | { state: "failed"; error: AppError };

/** Runs `load` when the component mounts and whenever `key` changes (or `reload` is
 * called); an answer that arrives after the key moved on is dropped. With `measure`,
 * the time from an answer received to it painted is recorded under that name. */
export function useLoad<T>(load: () => Promise<T>, key: string, measure?: Measure): [Load<T>, () => void] {
  const [result, setResult] = useState<Load<T>>({ state: "loading" });
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is usually a fresh closure each render; the key says when it means new work.
  const run = useCallback(load, [key]);
  const measureNextCommit = usePaintMeasure();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation (`reload`) runs the same load again.
  useEffect(() => {
    let live = true;
    setResult({ state: "loading" });
    run().then(
      (value) => {
        if (!live) return;
        if (measure) {
          begin(measure);
          measureNextCommit(measure);
        }
        setResult({ state: "ready", value });
      },
      (error: unknown) => live && setResult({ state: "failed", error: asAppError(error) }),
    );
    return () => {
      live = false;
    };
  }, [run, generation, measure, measureNextCommit]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return [result, reload];
}
