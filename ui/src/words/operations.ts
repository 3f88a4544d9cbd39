// The service's operations by the analyst's names. A screen that meets an operation by
// its route (the drift report, the audit log) finds it among the routes the backend
// gives in the app's info, so the UI holds no copy of a route.
import type { Operation } from "../bindings/Operation";
import type { OperationRoute } from "../bindings/OperationRoute";
import type { MessageKey } from "../i18n";

/** The analyst's name of each operation, reads first, as an analyst meets them. */
export const OPERATION_NAMES: Record<Operation, MessageKey> = {
  tracking: "op.tracking",
  detail: "op.detail",
  verification: "op.verification",
  create_file: "op.createFile",
  correction: "op.correction",
  complementary_info: "op.complementary",
  enrollment_link: "op.enrollmentLink",
  resend_verification: "op.resend",
  cancel_verification: "op.cancel",
};

/** The operation a route is, from the routes the backend gives; null for a route the
 * desk does not know. */
export function operationOf(route: string, routes: OperationRoute[]): Operation | null {
  return routes.find((r) => r.route === route)?.operation ?? null;
}

/** The analyst's name for a route; null for a route the desk does not know. */
export function operationName(route: string, routes: OperationRoute[]): MessageKey | null {
  const operation = operationOf(route, routes);
  return operation ? OPERATION_NAMES[operation] : null;
}
