// What the company's managed policy did at start that the user must know: a policy
// refused (the desk took its safest state: no demo, no state changes) with the line
// IT must mend, or a file ignored because it was not the administrator's.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { queries } from "../../api/queries";
import { useI18n } from "../../i18n";

export function PolicyNotice() {
  const { t } = useI18n();
  const { data: policy } = useQuery(queries.policy());
  const [dismissed, setDismissed] = useState(false);
  if (!policy || dismissed) return null;
  if (policy.state === "refused") {
    const refusal = policy.refusal;
    const where = refusal?.line ? t("policy.refusedLine", { line: refusal.line, column: refusal.column ?? 1 }) : "";
    // Not dismissable: it stays true until IT mends the file.
    return (
      <div className="notice notice-error" role="alert" data-testid="policy-notice">
        {t("policy.refused", { path: policy.path, where, detail: refusal?.detail ?? "" })}
      </div>
    );
  }
  if (policy.state === "ignored") {
    return (
      <div className="notice notice-warn" role="status" data-testid="policy-notice">
        <div className="notice-body">{t("policy.ignored", { path: policy.path })}</div>
        <button type="button" className="button-quiet small notice-dismiss" onClick={() => setDismissed(true)} aria-label={t("recovery.dismiss")}>
          ×
        </button>
      </div>
    );
  }
  return null;
}
