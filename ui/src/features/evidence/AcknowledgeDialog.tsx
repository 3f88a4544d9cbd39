import { useState } from "react";

import * as commands from "../../api/commands";
import type { AppError } from "../../bindings/AppError";
import type { SectionEvidence } from "../../bindings/SectionEvidence";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useI18n } from "../../i18n";
import { findingText } from "./findings";
import "../../i18n/evidence";

/** Accepting a section with high findings: the analyst sees them and says so, the backend
 * records it (audit log, and the team's trail in a team), and only then is the section
 * accepted. A refusal (the log or the team out of reach) leaves it undecided. */
export function AcknowledgeDialog({
  documentId,
  evidence,
  label,
  onDone,
  onCancel,
}: {
  documentId: string;
  evidence: SectionEvidence;
  label: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const [seen, setSeen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const high = evidence.findings.filter((f) => f.severity === "high");
  const confirm = () => {
    if (!seen || busy) return;
    setBusy(true);
    setError(null);
    commands.acknowledgeFindings(documentId, evidence.section).then(onDone, (e: AppError) => {
      setBusy(false);
      setError(e);
    });
  };
  return (
    <ConfirmDialog
      title={t("ack.title", { section: label })}
      confirm={t("ack.confirm")}
      busy={busy}
      disabled={!seen}
      error={error}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>{t("ack.intro")}</p>
      <ul className="evidence-findings" data-testid="ack-findings">
        {high.map((finding, n) => (
          <li key={`${finding.kind}-${n}`}>
            <span className="chip chip-danger">{t("severity.high")}</span> {findingText(finding, t)}
          </li>
        ))}
      </ul>
      <label className="check">
        <input type="checkbox" checked={seen} onChange={(event) => setSeen(event.target.checked)} data-testid="ack-seen" />
        {t("ack.seen")}
      </label>
    </ConfirmDialog>
  );
}
