// A query's state as the screens draw it: loading, its answer, or the AppError that
// refused it (shown through ErrorNotice).
import type { UseQueryResult } from "@tanstack/react-query";
import type { AppError } from "../bindings/AppError";
import { asAppError } from "./appError";

export type Load<T> = { state: "loading" } | { state: "ready"; value: T } | { state: "failed"; error: AppError };

/** A failed read shows its error even when an older answer is kept in the cache. */
export function loadOf<T>(query: UseQueryResult<T, AppError>): Load<T> {
  if (query.isError) return { state: "failed", error: asAppError(query.error) };
  if (query.isPending) return { state: "loading" };
  return { state: "ready", value: query.data };
}
