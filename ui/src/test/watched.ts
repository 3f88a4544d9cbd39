import type { WatchedFile } from "../bindings/WatchedFile";

/** A followed file as the backend lists it: nothing read yet, unless `over` says. */
export function watchedFile(over: Partial<WatchedFile> & Pick<WatchedFile, "rfc">): WatchedFile {
  return {
    flowId: "flujo",
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
    statusSpans: [],
    risk: null,
    ...over,
  };
}
