// For tests only: a followed file as the backend sends it, never refreshed (the sparse
// answer generated from the Rust model), with whatever a test sets.
import * as sparse from "../../bindings/sparse";
import type { WatchedFile } from "../../bindings/WatchedFile";

export function watchedFile(rfc: string, over: Partial<WatchedFile> = {}): WatchedFile {
  return { ...sparse.watchedFile, rfc, ...over };
}
