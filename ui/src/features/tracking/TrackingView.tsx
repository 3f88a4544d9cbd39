import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import * as commands from "../../api/commands";
import { loadOf } from "../../api/load";
import { keys, queries } from "../../api/queries";
import type { Profile } from "../../bindings/Profile";
import { CopyFileLink } from "../../components/CopyFileLink";
import { ErrorNotice } from "../../components/ErrorNotice";
import { OpenLinkButton } from "../../components/OpenLinkButton";
import { PageHeader } from "../../components/PageHeader";
import { SectionName } from "../../components/SectionName";
import { EnrollmentStatusText, SectionStatusChip } from "../../components/SectionStatusChip";
import { StatusBadge } from "../../components/StatusBadge";
import { useI18n } from "../../i18n";
import { shownInstant } from "../../words/format";
import { MISSING, shown } from "../../words/text";
import { ComplementaryDialog } from "../complementary/ComplementaryDialog";
import { DossierExport } from "../dossier/DossierExport";
import { EnrollButton, IssuedLinks } from "../enrollment/Enrollment";
import { FindingBadges, RiskSummary } from "../evidence/FindingBadges";
import { ClaimHolder } from "../team/ClaimHolder";
import { NotesPanel } from "../team/NotesPanel";
import { useConnectedTeam } from "../team/TeamContext";
import { TeamOffline } from "../team/TeamOffline";
import { mayDo } from "../team/words";
import { FileHistory } from "./FileHistory";
import "./tracking.css";

/** One file's tracking: its status, each section with its status and comments, and
 * each person's enrollment. Opening it marks the file as seen in the watchlist. */
export function TrackingView(props: {
  flowId: string;
  rfc: string;
  onBack: () => void;
  onDetail: (documentId: string) => void;
  onReview: (documentId: string) => void;
  profile: Profile;
}) {
  const { t, locale } = useI18n();
  const [adding, setAdding] = useState(false);
  const query = useQuery(queries.tracking(props.flowId, props.rfc));
  const load = loadOf(query);
  const queryClient = useQueryClient();
  // Each answer shown is the file seen (the watchlist stops marking it new).
  const answeredAt = query.dataUpdatedAt;
  useEffect(() => {
    if (answeredAt > 0) void commands.markWatchSeen(props.flowId, props.rfc).catch(() => undefined);
  }, [answeredAt, props.flowId, props.rfc]);
  const file = load.state === "ready" ? load.value : null;
  const error = load.state === "failed" ? load.error : null;

  const when = (iso: string | null) => shownInstant(iso, locale);
  // In a team, each role sees the actions of its work.
  const role = useConnectedTeam()?.role ?? null;
  const tracking = file?.tracking;
  // Without the file's id nothing can be asked about it: the actions wait for an answer that has it.
  const documentId = tracking?.DocumentId?.trim() || null;
  // Each section's findings, the review's own (the desk's checks and the service's), once
  // the file's id is known; the sections show without them until they come.
  const evidence = useQuery({
    queryKey: keys.trackingEvidence(documentId ?? ""),
    queryFn: () => commands.reviewMaterial(props.flowId, props.rfc, documentId ?? ""),
    enabled: documentId !== null,
    staleTime: 60_000,
  }).data?.evidence;
  const findingsOf = (section: string) => evidence?.sections.find((s) => s.section === section)?.findings ?? [];

  return (
    <section className="page" aria-labelledby="tracking-title">
      <PageHeader
        id="tracking-title"
        title={tracking?.CompanyName || t("trackingTitle")}
        subtitle={`${props.rfc} · ${documentId ?? props.flowId}`}
        back={{ label: t("back"), onClick: props.onBack }}
        actions={
          tracking &&
          documentId && (
            <>
              <StatusBadge status={tracking.DocumentStatus} category={file?.statusCategory ?? null} />
              <CopyFileLink documentId={documentId} />
              {mayDo(role, "complementary") && (
                <button type="button" className="button-quiet" onClick={() => setAdding(true)} data-testid="open-complementary">
                  {t("comp.open")}
                </button>
              )}
              <button type="button" className="button-quiet" onClick={() => props.onDetail(documentId)} data-testid="view-detail">
                {t("viewDetail")}
              </button>
              {mayDo(role, "review") && (
                <button type="button" className="button-primary" onClick={() => props.onReview(documentId)} data-testid="start-review">
                  {t("startReview")}
                </button>
              )}
            </>
          )
        }
      />
      {error && <ErrorNotice error={error} />}
      <TeamOffline missing="team.offline.tracking" />
      {!file && !error && <div className="empty">{t("loading")}</div>}
      {tracking && file && (
        <>
          {documentId && <ClaimHolder documentId={documentId} />}
          {documentId && <DossierExport flowId={props.flowId} rfc={props.rfc} documentId={documentId} />}
          {!documentId && (
            <p className="notice notice-warn" role="note" data-testid="tracking-no-id">
              {t("trackingNoId")}
            </p>
          )}
          <dl className="facts">
            <dt>{t("channel")}</dt>
            <dd>{shown(tracking.ChannelName)}</dd>
            <dt>{t("created")}</dt>
            <dd>{when(tracking.CreatedAtUtc)}</dd>
            <dt>{t("updated")}</dt>
            <dd>{when(tracking.UpdatedAtUtc)}</dd>
            <dt>{t("guestLink")}</dt>
            <dd>{tracking.GuestUrl?.trim() ? <OpenLinkButton url={tracking.GuestUrl}>{t("openGuestUrl")}</OpenLinkButton> : MISSING}</dd>
          </dl>
          <h3>{t("sectionsTitle")}</h3>
          {file.sections.length === 0 ? (
            <div className="empty">{t("noSections")}</div>
          ) : (
            <>
              {evidence && <RiskSummary summary={evidence.summary} walkable={false} />}
              <ul className="sections" data-testid="tracking-sections">
                {file.sections.map((section) => (
                  <li key={section.section} className="section-item" data-testid="tracking-section" data-section={section.section}>
                    <SectionName id={section.section} sectionId={section.id} />
                    <SectionStatusChip status={section.status} />
                    <FindingBadges findings={findingsOf(section.section)} />
                    {section.comments && <p className="section-comments">{section.comments}</p>}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h3>{t("personsTitle")}</h3>
          {tracking.Person.length === 0 ? (
            <div className="empty">{t("noPersons")}</div>
          ) : (
            <table className="grid-table">
              <thead>
                <tr>
                  <th>{t("colName")}</th>
                  <th>{t("colEmail")}</th>
                  <th>RFC / CURP</th>
                  <th>{t("colEnrollment")}</th>
                  <th>{t("colReason")}</th>
                  <th>{t("colRequested")}</th>
                  <th>{t("colCallback")}</th>
                  <th>{t("enroll.column")}</th>
                </tr>
              </thead>
              <tbody>
                {tracking.Person.map((person, index) => (
                  <tr key={person.PersonId ?? `person-${index}`} data-testid="tracking-person" data-person={person.PersonId ?? ""}>
                    <td className="strong">{shown(person.FullName)}</td>
                    <td>{shown(person.Email)}</td>
                    <td className="mono">
                      {shown(person.Rfc)}
                      <br />
                      {shown(person.Curp)}
                    </td>
                    <td>
                      {person.EnrollmentStatus?.trim() ? <EnrollmentStatusText status={person.EnrollmentStatus} /> : shown(person.EnrollmentStatus)}
                      {person.IsCompleted && <span className="chip chip-ok">{t("completed")}</span>}
                      {person.IsEnrollmentAllowed && <span className="chip chip-info">{t("enrollmentAllowed")}</span>}
                    </td>
                    <td>{shown(person.EnrollmentReason)}</td>
                    <td>{when(person.EnrollmentRequestAtUtc)}</td>
                    <td>{when(person.CallbackAtUtc)}</td>
                    <td>{documentId && mayDo(role, "enroll") ? <EnrollButton documentId={documentId} person={person} /> : MISSING}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {adding && documentId && (
            <ComplementaryDialog
              documentId={documentId}
              currentFlowId={props.flowId}
              profile={props.profile}
              onClose={(changed) => {
                setAdding(false);
                if (changed) void queryClient.invalidateQueries({ queryKey: keys.tracking(props.flowId, props.rfc) });
              }}
            />
          )}
          {documentId && <NotesPanel documentId={documentId} />}
          {documentId && <FileHistory documentId={documentId} sections={file.sections} />}
          {documentId && (
            <>
              <h3>{t("enroll.issuedTitle")}</h3>
              <IssuedLinks documentId={documentId} persons={tracking.Person} />
            </>
          )}
        </>
      )}
    </section>
  );
}
