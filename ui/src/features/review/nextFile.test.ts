import { describe, expect, it } from "vitest";

import type { WatchedFile } from "../../bindings/WatchedFile";
import { watchedFile } from "../watchlist/testing";
import { nextToReview } from "./nextFile";

const file = (rfc: string, at: string | null, category: WatchedFile["statusCategory"] = "in_review", documentId: string | null = `doc-${rfc}`) =>
  watchedFile(rfc, { documentId, companyName: rfc, statusCategory: category, updatedAtUtc: at });

describe("the next file to review on one desk", () => {
  it("is the followed file under review that waited longest, never the one just sent", () => {
    const files = [
      file("AAA010101AA1", "2026-12-03T10:00:00Z"),
      file("BBB010101BB2", "2026-12-01T10:00:00Z"),
      file("CCC010101CC3", "2026-11-20T10:00:00Z", "approved"),
      file("DDD010101DD4", "2026-11-01T10:00:00Z", "in_review", null),
    ];
    expect(nextToReview(files, { flowId: "flujo", rfc: "AAA010101AA1" })?.rfc).toBe("BBB010101BB2");
    expect(nextToReview(files, { flowId: "flujo", rfc: "bbb010101bb2" })?.rfc).toBe("AAA010101AA1");
    expect(nextToReview([file("EEE010101EE5", null), ...files], { flowId: "flujo", rfc: "X" })?.rfc).toBe("EEE010101EE5");
    expect(nextToReview([files[0] as WatchedFile], { flowId: "flujo", rfc: "AAA010101AA1" })).toBeNull();
  });
});
