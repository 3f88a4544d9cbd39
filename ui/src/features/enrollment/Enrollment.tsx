import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";

import * as commands from "../../api/commands";
import { loadOf } from "../../api/load";
import { keys, queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { EnrollmentLink } from "../../bindings/EnrollmentLink";
import type { Person } from "../../bindings/Person";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Modal } from "../../components/Modal";
import { QrCode } from "../../components/QrCode";
import { type MessageKey, useI18n } from "../../i18n";
import { outcomeText } from "../../words/errorWords";
import { formatLocal } from "../../words/format";
import { MISSING, shown } from "../../words/text";
import { markTourDone } from "../guide/tours";

/** "Generate link" for one person: enabled only where the tracking allows it
 * (IsEnrollmentAllowed); the link then shows with copy and a QR code for the phone. */
export function EnrollButton(props: { documentId: string; person: Person; onIssued?: () => void }) {
  const { t } = useI18n();
  const [link, setLink] = useState<EnrollmentLink | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const personId = props.person.PersonId;
  // Only an explicit true allows it: a missing IsEnrollmentAllowed is not permission.
  const allowed = props.person.IsEnrollmentAllowed === true && !!personId;
  // Why not, in the user's words: no id to ask with, enrolled already (whatever the
  // service says of a new link), no word from the service, or a refusal (with the
  // reason the service gives, when it gives one).
  const refusal: MessageKey = !personId
    ? "enroll.noPersonId"
    : props.person.IsCompleted === true
      ? "enroll.completed"
      : props.person.IsEnrollmentAllowed === null
        ? "enroll.notSaid"
        : "enroll.notAllowed";
  const serviceReason = props.person.EnrollmentReason?.trim() ?? "";
  const why = allowed ? "" : serviceReason && refusal === "enroll.notAllowed" ? t("enroll.notAllowedBecause", { reason: serviceReason }) : t(refusal);
  const queryClient = useQueryClient();
  // Asked, answered or refused: the links issued are read again (a refusal after
  // sending may still have issued one).
  const issued = () => {
    void queryClient.invalidateQueries({ queryKey: keys.issuedLinks(props.documentId) });
    props.onIssued?.();
  };
  const generate = () => {
    if (inFlight.current || !personId) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    commands
      .enrollmentLink(props.documentId, personId)
      .then(
        (answer) => {
          setLink(answer);
          markTourDone("enrollment");
          issued();
        },
        (e: AppError) => {
          setError(e);
          issued();
        },
      )
      .finally(() => {
        inFlight.current = false;
        setBusy(false);
      });
  };
  // A person the service names with nothing is still someone: their PersonId.
  const name = props.person.FullName?.trim() || personId || MISSING;
  return (
    <div className="enroll">
      <button
        ref={button}
        type="button"
        className="button-quiet small"
        // Busy is said, not disabled: a disabled button drops the keyboard's focus, which
        // the link's dialog gives back to it. `inFlight` keeps a second press from sending.
        disabled={!allowed}
        aria-disabled={busy || undefined}
        onClick={generate}
        title={allowed ? undefined : why}
        data-testid="generate-link"
      >
        {busy ? t("confirm.working") : t("enroll.generate")}
      </button>
      {!allowed && (
        <div className="muted small" data-testid="enroll-reason">
          {why}
        </div>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {error?.code === "outcome_unknown" && (
        <p className="notice notice-warn" role="note" data-testid="enroll-unknown">
          {t("enroll.unknown", { name })}
        </p>
      )}
      {link && <LinkDialog link={link} name={name} onClose={() => setLink(null)} opener={() => button.current} />}
    </div>
  );
}

/** A link just generated, with its QR code: a modal dialog that keeps the focus (its
 * close button first, copy one Tab away), closes with Escape or a click beside it, and
 * gives the focus back to the person's button (disabled while the link was asked for,
 * it could not keep it). */
function LinkDialog(props: { link: EnrollmentLink; name: string; onClose: () => void; opener: () => HTMLElement | null }) {
  const { t } = useI18n();
  const { link, name } = props;
  const close = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      className="dialog-small"
      label={t("enroll.title")}
      initialFocus={close}
      onCancel={props.onClose}
      closeOnBackdrop
      fallback={props.opener}
      testId="enrollment-link"
    >
      <h3>{t("enroll.title")}</h3>
      <p>{t("enroll.for", { name })}</p>
      {link.EnrollmentUrl ? (
        <>
          <QrCode text={link.EnrollmentUrl} label={t("enroll.qr", { name })} />
          <code className="mono link-text" data-testid="enrollment-url">
            {link.EnrollmentUrl}
          </code>
        </>
      ) : (
        <p className="notice notice-warn" role="note" data-testid="enrollment-no-url">
          {t("enroll.noUrl")}
        </p>
      )}
      <p className="muted small">{t("enroll.record", { id: shown(link.Id) })}</p>
      <div className="dialog-actions">
        {link.EnrollmentUrl && <CopyButton text={link.EnrollmentUrl} testId="copy-enrollment" />}
        <button ref={close} type="button" className="button-primary" onClick={props.onClose}>
          {t("photos.close")}
        </button>
      </div>
    </Modal>
  );
}

/** The enrollment links requested for this file from this desk, from the audit log. */
export function IssuedLinks({ documentId, persons }: { documentId: string; persons: Person[] }) {
  const { t, locale } = useI18n();
  const links = loadOf(useQuery(queries.issuedLinks(documentId)));
  if (links.state === "loading") return null;
  if (links.state === "failed") return <ErrorNotice error={links.error} />;
  if (links.value.length === 0)
    return (
      <p className="muted" data-testid="issued-links-empty">
        {t("enroll.noneIssued")}
      </p>
    );
  const nameOf = (id: string) => persons.find((p) => p.PersonId === id)?.FullName?.trim() || id;
  return (
    <table className="grid-table" data-testid="issued-links">
      <thead>
        <tr>
          <th>{t("colName")}</th>
          <th>{t("enroll.when")}</th>
          <th>{t("enroll.agent")}</th>
          <th>{t("enroll.outcome")}</th>
        </tr>
      </thead>
      <tbody>
        {links.value.map((link) => (
          <tr key={`${link.atUtc}-${link.personId}`}>
            <td className="strong">{nameOf(link.personId)}</td>
            <td>{formatLocal(link.atUtc, locale) ?? link.atUtc}</td>
            <td>{link.agentEmail}</td>
            <td>
              {link.outcome.ok ? (
                <span className="chip chip-ok">{t("enroll.issued")}</span>
              ) : (
                <span className="chip chip-danger" title={link.outcome.message ?? undefined} data-testid="issued-failed">
                  {link.outcome.code ? outcomeText(link.outcome.code, t) : t("audit.failed")}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
