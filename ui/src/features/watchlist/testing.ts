// For tests only: a followed file as the backend sends it, never refreshed, with
// whatever a test sets.
import type { WatchedFile } from "../../bindings/WatchedFile";

export function watchedFile(rfc: string, over: Partial<WatchedFile> = {}): WatchedFile {
  return {
    flowId: "flujo",
    rfc,
    documentId: null,
    companyName: null,
    documentStatus: null,
    statusCategory: null,
    updatedAtUtc: null,
    lastRefreshUtc: null,
    lastError: null,
    refreshFailed: false,
    fingerprint: null,
    seenFingerprint: null,
    changed: false,
    sections: { total: 0, accepted: 0, rejected: 0, needsUser: 0, inReview: 0 },
    personsTotal: 0,
    personsEnrolled: 0,
    ...over,
  };
}
