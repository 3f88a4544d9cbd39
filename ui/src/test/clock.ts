// For tests only: time the test moves itself. A test that needs time to pass (a debounce,
// a gathering of notices, a lease's end, a frame) says how much, and asserts once it has:
// what did not happen by then never depends on how fast the machine ran the test.
import { act } from "@testing-library/react";
import { onTestFinished, vi } from "vitest";

/** Stops the clock for the rest of the test: timers, intervals, `Date.now` and
 * `performance.now` move only with {@link advance} (the real ones are back once the test
 * has finished, its cleanup included). Testing Library's waits (`findBy…`, `waitFor`) do
 * not move it: a test on this clock advances it, then asserts. */
export function stoppedClock(): void {
  vi.useFakeTimers();
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/** Moves the stopped clock `ms` on, as the window would live it: each timer due by then
 * runs in its turn, with the promise callbacks it sets off, and what they changed is drawn
 * (its effects run, the timers they set counted in) before the next timer runs. */
export async function advance(ms: number): Promise<void> {
  const until = Date.now() + ms;
  // A mark at the end, so that no step goes past it.
  const mark = setTimeout(() => undefined, ms);
  try {
    while (Date.now() < until) {
      await act(async () => {
        await vi.advanceTimersToNextTimerAsync();
      });
    }
    // The timers due at the very end, and what they set off.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  } finally {
    clearTimeout(mark);
  }
}

/** Frames come only when the test draws them ({@link nextFrame}); every other timer keeps
 * real time (Testing Library's waits work as ever). For the work a window does once per
 * frame (`requestAnimationFrame`). */
export function framesByHand(): void {
  vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame"] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/** Draws the next frame: the callbacks waiting for it run, and what they changed is drawn. */
export function nextFrame(): void {
  act(() => {
    vi.advanceTimersToNextFrame();
  });
}

/** Runs what is due on the stopped clock (the promise callbacks, renders and effects it
 * sets off, the reads those ask for, the timers of 0 ms they set) until `assertion` holds,
 * moving the clock a millisecond a round: on this clock a 0 ms timer set while timers run
 * is due a millisecond later. Fails with the assertion's own error after `rounds` rounds. */
export async function settled(assertion: () => void, rounds = 50): Promise<void> {
  for (let round = 0; ; round++) {
    try {
      assertion();
      return;
    } catch (error) {
      if (round >= rounds) throw error;
    }
    await advance(1);
  }
}
