// For tests only: jsdom lays nothing out, so a virtualised table has no rows to show.
// Called at a test file's top, every element is 600 px each way while its tests run.
import { afterAll, beforeAll } from "vitest";

const SIZED = ["offsetHeight", "offsetWidth", "clientHeight", "clientWidth"] as const;

export function sizedElements() {
  beforeAll(() => {
    for (const property of SIZED) {
      Object.defineProperty(HTMLElement.prototype, property, { configurable: true, get: () => 600 });
    }
  });
  afterAll(() => {
    for (const property of SIZED) Reflect.deleteProperty(HTMLElement.prototype, property);
  });
}
