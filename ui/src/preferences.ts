// The UI's small preferences (a panel dismissed, a tour done): values by key, kept on
// this machine. Every such read and write goes through here, so where they are kept is
// this one file's business.

const PREFIX = "kyb-desk.";

/** The value kept under `key`, or null when there is none (or storage cannot be read). */
export function preference(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(PREFIX + key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; null forgets it. A preference that cannot be kept is
 * only not remembered: nothing the user does fails for it. */
export function setPreference(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(PREFIX + key);
    else globalThis.localStorage?.setItem(PREFIX + key, value);
  } catch {
    // Storage full or refused: the preference lasts as long as the window.
  }
}
