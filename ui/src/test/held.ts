// For tests only: a backend's answer the test holds, and hands over when it chooses.
import { act } from "@testing-library/react";

/** The platform's timer, kept before any test stops the clock (`test/clock.ts`): the task
 * waited for below is a task whatever the test's clock. */
const platformSetTimeout = globalThis.setTimeout;

/** Resolves once every promise callback queued so far has run, and those they queue in
 * turn: in the next task, which starts only once none is left. Not a wait on the clock
 * (a 0 ms timer is only the next task): for work made of promise callbacks alone, no
 * timer, frame or render among them. */
export function promisesSettled(): Promise<void> {
  return new Promise((resolve) => platformSetTimeout(resolve, 0));
}

/** An answer for a mocked command to return (`promise`), kept until the test gives it
 * (`answer`) or refuses (`refuse`). Each resolves once what the window does with it is
 * done and drawn: it is handed over inside act(), which ends once the promise callbacks
 * it set off have run (the answer's road through the IPC and the screen's code is promise
 * callbacks alone, {@link promisesSettled}). */
export function held<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  const handOver = (give: () => void) =>
    act(async () => {
      give();
      await promisesSettled();
    });
  return {
    promise,
    answer: (value: T) => handOver(() => resolve(value)),
    refuse: (error: unknown) => handOver(() => reject(error)),
  };
}
