// Every failure of a command as an AppError ({ code, message, details, task, problems }):
// the backend's own, read tolerantly, or the IPC layer's text. The generated client
// (`commands.ts`) throws only these.
import type { AppError } from "../bindings/AppError";

export function isAppError(value: unknown): value is AppError {
  return typeof value === "object" && value !== null && typeof (value as AppError).code === "string" && typeof (value as AppError).message === "string";
}

/** An error's facts, read by name: anything but an object of them is none. */
function named(details: unknown): AppError["details"] {
  return typeof details === "object" && details !== null && !Array.isArray(details) && "type" in details ? (details as AppError["details"]) : null;
}

/** Any failure as an AppError: the backend's own (its lists and task read tolerantly),
 * or the IPC layer's text, which no task of the desk's explains. */
export function asAppError(error: unknown): AppError {
  if (isAppError(error)) return { ...error, details: named(error.details), task: error.task ?? null, problems: error.problems ?? [] };
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : JSON.stringify(error);
  return { code: "storage", message, details: null, task: null, problems: [] };
}
