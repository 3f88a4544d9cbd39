// Four eyes: the requests waiting for a second member, which a supervisor other than
// the one who asked approves (and the approver's desk then sends) or declines; and
// the form that asks for one when a cancellation or a late resend needs it. The
// database decides who may approve, and checks that the request approved is the one
// shown here (action, folio and requester).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { decideApproval } from "../../api/backend";
import * as commands from "../../api/commands";
import { keys, queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { Approval } from "../../bindings/Approval";
import type { ApprovalAction } from "../../bindings/ApprovalAction";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { useConnectedTeam } from "./TeamContext";
import { ACTION_WORDS, APPROVAL_STATE_WORDS, clock } from "./words";
import "./team.css";

export function ApprovalsPanel({ onSent }: { onSent?: (folio: string) => void }) {
  const team = useConnectedTeam();
  if (!team) return null;
  return <Open me={team.member ?? ""} supervisor={team.role === "supervisor"} onSent={onSent} />;
}

function Open({ me, supervisor, onSent }: { me: string; supervisor: boolean; onSent: ((folio: string) => void) | undefined }) {
  const { t, locale } = useI18n();
  const open = useQuery(queries.approvals());
  const queryClient = useQueryClient();
  // A request decided or sent leaves the open ones; a verification sent has changed.
  const settled = (folio: string) => {
    setBusy(null);
    void queryClient.invalidateQueries({ queryKey: keys.approvals() });
    void queryClient.invalidateQueries({ queryKey: keys.verification(folio) });
  };
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const decide = (shown: Approval, approve: boolean) => {
    setBusy(shown.id);
    setError(null);
    decideApproval(shown, approve)
      .then(
        () => {
          if (approve) onSent?.(shown.folio);
        },
        (e: AppError) => setError(e),
      )
      .finally(() => settled(shown.folio));
  };
  const send = (id: number, action: ApprovalAction, folio: string) => {
    setBusy(id);
    setError(null);
    (action === "cancel" ? commands.cancelVerification(folio) : commands.resendVerification(folio))
      .then(
        () => onSent?.(folio),
        (e: AppError) => setError(e),
      )
      .finally(() => settled(folio));
  };
  if (!open.data?.length && !error && !open.error) return null;
  return (
    <section className="card approvals" aria-labelledby="approvals-title" data-testid="approvals">
      <h3 id="approvals-title">{t("team.approvals.title")}</h3>
      {open.error && <ErrorNotice error={open.error} />}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      <ul className="plain-list">
        {open.data?.map((approval) => (
          <li key={approval.id} data-testid="approval">
            <strong>
              {t(ACTION_WORDS[approval.action])} · <span className="mono">{approval.folio}</span>
            </strong>
            <span className="muted">
              {" "}
              {t("team.approvals.asked", { member: approval.askedBy, at: clock(approval.askedAt, locale) })} · {t(APPROVAL_STATE_WORDS[approval.state])}
            </span>
            <p>“{approval.reason}”</p>
            {approval.state === "approved" && approval.decidedBy === me && (
              // Approved here, and its sending failed (or was cut short): send it again.
              <button
                type="button"
                className="button small"
                disabled={busy !== null}
                onClick={() => send(approval.id, approval.action, approval.folio)}
                data-testid="approval-send"
              >
                {t("team.approvals.sendNow")}
              </button>
            )}
            {approval.state === "waiting" &&
              (approval.askedBy === me ? (
                <p className="muted small">{t("team.approvals.yours")}</p>
              ) : !supervisor ? (
                <p className="muted small">{t("team.approvals.supervisorDecides")}</p>
              ) : (
                <div className="row">
                  <button type="button" className="button-primary small" disabled={busy !== null} onClick={() => decide(approval, true)} data-testid="approve">
                    {t(approval.action === "cancel" ? "team.approvals.approveCancel" : "team.approvals.approveResend")}
                  </button>
                  <button type="button" className="button-quiet small" disabled={busy !== null} onClick={() => decide(approval, false)} data-testid="decline">
                    {t("team.approvals.decline")}
                  </button>
                </div>
              ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Shown where a cancellation or resend was refused for want of approval. */
export function AskApproval({ action, folio, onAsked }: { action: ApprovalAction; folio: string; onAsked: () => void }) {
  const { t } = useI18n();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<AppError | null>(null);
  const [asked, setAsked] = useState(false);
  if (asked) {
    return (
      <div className="notice notice-ok" role="status" data-testid="approval-asked">
        {t("team.approvals.askedDone")}
      </div>
    );
  }
  return (
    <form
      className="notice notice-warn"
      data-testid="ask-approval"
      onSubmit={(event) => {
        event.preventDefault();
        commands.askApproval(action, folio, reason).then(
          () => {
            setAsked(true);
            onAsked();
          },
          (e: AppError) => setError(e),
        );
      }}
    >
      <strong>{t(action === "cancel" ? "team.approvals.needCancel" : "team.approvals.needResend")}</strong>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      <div className="row">
        <input
          className="input grow"
          aria-label={t("team.approvals.reason")}
          placeholder={t("team.approvals.reason")}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          data-testid="approval-reason"
        />
        <button type="submit" className="button" disabled={!reason.trim()} data-testid="ask-approval-send">
          {t("team.approvals.ask")}
        </button>
      </div>
    </form>
  );
}
