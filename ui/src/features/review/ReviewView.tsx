import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";

import * as commands from "../../api/commands";
import { loadOf } from "../../api/load";
import { keys } from "../../api/queries";
import type { DetailV2 } from "../../bindings/DetailV2";
import type { Draft } from "../../bindings/Draft";
import type { Entity } from "../../bindings/Entity";
import type { FileEvidence } from "../../bindings/FileEvidence";
import type { Finding } from "../../bindings/Finding";
import type { Limits } from "../../bindings/Limits";
import type { Profile } from "../../bindings/Profile";
import type { SectionEvidence } from "../../bindings/SectionEvidence";
import type { TrackedSection } from "../../bindings/TrackedSection";
import { Counter } from "../../components/Counter";
import { DraftNote } from "../../components/DraftNote";
import { ErrorNotice } from "../../components/ErrorNotice";
import { PageHeader } from "../../components/PageHeader";
import { ScreenBoundary } from "../../components/ScreenBoundary";
import { SectionName } from "../../components/SectionName";
import { SectionStatusChip } from "../../components/SectionStatusChip";
import { useAppInfo } from "../../hooks/appInfo";
import { useDraft } from "../../hooks/useDraft";
import { useI18n } from "../../i18n";
import { begin, paintedSince } from "../../perf";
import { problemTexts, type SectionNamer } from "../../words/problems";
import { AcknowledgeDialog } from "../evidence/AcknowledgeDialog";
import { EvidencePane } from "../evidence/EvidencePane";
import { FindingBadges, RiskSummary } from "../evidence/FindingBadges";
import { findingText, SEVERITY_TONE, severityLabel } from "../evidence/findings";
import { sectionView } from "../evidence/view";
import { sectionLabel, trackedId } from "../sections";
import { ClaimBar } from "../team/ClaimBar";
import { CorrectionOutcome } from "./CorrectionOutcome";
import { CorrectionPreview } from "./CorrectionPreview";
import { candidatesFor, chooseEntity, decide, freshDraft, hasVerdict, isTouched, restore, tally, update } from "./model";
import { NextFileOffer } from "./NextFileOffer";
import type { NextFile } from "./nextFile";
import { ProblemList } from "./ProblemList";
import { ReasonPicker } from "./ReasonPicker";
import { ReviewNotes, ReviewNotesLink, useNotesShown } from "./ReviewNotes";
import { customerLocale, offeredReasons, withReason } from "./reasons";
import { useBarHeight } from "./useBarHeight";
import { useEvidenceWindow } from "./useEvidenceWindow";
import { useReviewKeys } from "./useReviewKeys";
import { useReviewStage } from "./useReviewStage";
import "./review.css";
import "../../i18n/evidence";

interface Material {
  sections: TrackedSection[];
  entities: Entity[];
  /** Version 2 of the detail; null when the service has only version 1. */
  detail: DetailV2 | null;
  /** Each section's evidence, as the backend gathered it. */
  evidence: FileEvidence;
  company: string;
  /** The review as it opens: the saved draft, or else `fresh`. */
  draft: Draft;
  /** Nothing decided yet (only the entity a section can only mean preselected). */
  fresh: Draft;
  restored: boolean;
}

/** One finding, as an acknowledgement names it: its kind and what it concerns. */
function findingKey(f: Finding): string {
  return JSON.stringify([f.kind, f.document, f.entity, f.subject]);
}

/** A section's evidence as read, with the findings its documents' judging added. */
function withJudged(read: SectionEvidence, found: Finding[]): SectionEvidence {
  const known = new Set(read.findings.map(findingKey));
  const added = found.filter((f) => !known.has(findingKey(f)));
  if (added.length === 0) return read;
  return { ...read, findings: [...added, ...read.findings], needsAcknowledgement: true };
}

async function loadMaterial(props: { flowId: string; rfc: string; documentId: string }): Promise<Material> {
  const [{ tracking: file, detail, evidence }, saved] = await Promise.all([
    commands.reviewMaterial(props.flowId, props.rfc, props.documentId),
    commands.loadDraft(props.documentId),
  ]);
  const sections = file.sections;
  // A file with only version 1 has no entities to choose from.
  const entities = detail.version === "2" ? detail.detail.Entidades : [];
  const fresh = freshDraft(props.documentId, sections, entities);
  return {
    sections,
    entities,
    detail: detail.version === "2" ? detail.detail : null,
    evidence,
    company: (detail.version === "2" && detail.detail.Cliente) || file.tracking.CompanyName || "",
    draft: restore(fresh, saved, entities),
    fresh,
    restored: saved !== null && saved.documentId === props.documentId,
  };
}

/** The review of one file: a decision per section, then one correction request. */
export function ReviewView(props: {
  flowId: string;
  rfc: string;
  documentId: string;
  /** Its edited rejection reasons (the defaults otherwise). */
  profile?: Pick<Profile, "reasons" | "customerLanguage"> | undefined;
  onBack: () => void;
  onDone: () => void;
  /** The correction was sent (the demo's review tour is done then). */
  onSent?: (() => void) | undefined;
  /** Opens the next file to review, offered once the correction is sent. */
  onNext?: ((file: NextFile) => void) | undefined;
}) {
  const { t } = useI18n();
  // Read once per opening (the saved draft is in it), never kept once the review closes.
  const material = loadOf(
    useQuery({
      queryKey: keys.reviewMaterial(props.documentId),
      // The material received: the review's paint is measured from here (`make bench`).
      queryFn: async () => {
        const material = await loadMaterial(props);
        begin("review");
        return material;
      },
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
    }),
  );
  // Once sent, the review holds the file no longer: the desk let it go, and the
  // result screen claims nothing again.
  const [sent, setSent] = useState(false);
  // The service's limits, from the app's info (read at start, so normally there already).
  const info = useAppInfo();
  return (
    <section className="page page-review" aria-labelledby="review-title">
      <PageHeader
        id="review-title"
        title={`${t("review.title")}${material.state === "ready" && material.value.company ? ` · ${material.value.company}` : ""}`}
        subtitle={props.documentId}
        back={{ label: t("back"), onClick: props.onBack }}
      />
      <ClaimBar documentId={props.documentId} active={!sent} />
      {(material.state === "loading" || (material.state === "ready" && info.state === "loading")) && <div className="empty">{t("loading")}</div>}
      {material.state === "failed" && <ErrorNotice error={material.error} />}
      {material.state === "ready" && info.state === "failed" && <ErrorNotice error={info.error} />}
      {material.state === "ready" && info.state === "ready" && (
        <ReviewForm
          material={material.value}
          limits={info.value.limits}
          file={{ flowId: props.flowId, rfc: props.rfc }}
          profile={props.profile ?? null}
          onDone={props.onDone}
          onNext={props.onNext}
          onSent={() => {
            setSent(true);
            props.onSent?.();
          }}
        />
      )}
    </section>
  );
}

function ReviewForm(props: {
  material: Material;
  limits: Limits;
  file: { flowId: string; rfc: string };
  profile: Pick<Profile, "reasons" | "customerLanguage"> | null;
  onDone: () => void;
  onSent: () => void;
  onNext?: ((file: NextFile) => void) | undefined;
}) {
  const { material, limits, file, onDone, onSent, onNext } = props;
  const { t, locale } = useI18n();
  const [draft, setDraft] = useState<Draft>(material.draft);
  /** The decisions "Start over" threw away, until the analyst undoes it or changes something. */
  const [discarded, setDiscarded] = useState<Draft | null>(null);

  // Drafts: nothing is written for a review nobody touched, and a review whose every
  // decision was taken back leaves no draft behind (there is nothing to recover).
  const { state: draftState, saveNow } = useDraft(
    draft,
    {
      save: commands.saveDraft,
      discard: () => commands.discardDraft(material.draft.documentId),
      isEmpty: (d) => !isTouched(d),
    },
    material.restored ? material.draft.savedAtUtc : null,
  );
  const change = useCallback((next: (draft: Draft) => Draft) => {
    setDiscarded(null);
    setDraft(next);
  }, []);

  // The review painted with its notes (once they are read, in a team), once per opening.
  const notesShown = useNotesShown(material.draft.documentId);
  const painted = useRef(false);
  useLayoutEffect(() => {
    if (!notesShown || painted.current) return;
    painted.current = true;
    paintedSince("review");
  }, [notesShown]);

  const counts = tally(draft);
  const { stage, unknown, problems, ...review } = useReviewStage({ draft, file, saveDraft: saveNow });
  const isDone = stage.kind === "done";
  useEffect(() => {
    if (isDone) onSent();
  }, [isDone, onSent]);
  const entityChoices = useCallback(
    (index: number) => {
      const seccion = draft.decisions[index]?.seccion;
      const tracked = material.sections.find((s) => s.section === seccion);
      return candidatesFor(tracked?.id.entity ?? null, material.entities);
    },
    [draft.decisions, material.sections, material.entities],
  );
  // A section with high findings is accepted only once the analyst acknowledged them
  // (recorded by the backend first); `asking` holds the question while it is open.
  // A section's documents are judged by the backend once it is focused (the evidence
  // shows them then): a document it will not show as it is becomes a high finding, which
  // the acceptance then asks about, before the preview if the section was accepted first.
  // Only what judging adds is kept here (the documents' findings), over the material
  // as last read: a hit disposed of since is not brought back.
  const [judged, setJudged] = useState<ReadonlyMap<string, Finding[]>>(() => new Map());
  const judging = useRef(new Set<string>());
  const evidenceOf = useCallback(
    (section: string | undefined) => {
      const read = material.evidence.sections.find((e) => e.section === section) ?? null;
      return read && withJudged(read, judged.get(read.section) ?? []);
    },
    [material.evidence, judged],
  );
  // The high findings acknowledged, by section: one learnt since asks for its own.
  const [acknowledged, setAcknowledged] = useState<ReadonlyMap<string, ReadonlySet<string>>>(() => new Map());
  const unseen = useCallback(
    (evidence: SectionEvidence | null) =>
      evidence?.findings.some((f) => f.severity === "high" && !acknowledged.get(evidence.section)?.has(findingKey(f))) === true,
    [acknowledged],
  );
  const [asking, setAsking] = useState<{ index: number; evidence: SectionEvidence; byKey: boolean } | null>(null);
  const needsAsking = useCallback(
    (index: number) => {
      const section = draft.decisions[index]?.seccion;
      const evidence = evidenceOf(section);
      return section !== undefined && unseen(evidence) ? evidence : null;
    },
    [draft.decisions, evidenceOf, unseen],
  );
  const gateAccept = useCallback(
    (index: number) => {
      const evidence = needsAsking(index);
      if (evidence === null || hasVerdict(draft.decisions[index]?.estatus ?? null, "Aceptada")) return true;
      setAsking({ index, evidence, byKey: true });
      return false;
    },
    [needsAsking, draft.decisions],
  );
  const hasFindings = useCallback((index: number) => (evidenceOf(draft.decisions[index]?.seccion)?.findings.length ?? 0) > 0, [evidenceOf, draft.decisions]);
  // A section accepted without its acknowledgement (a draft restored from before its
  // findings, or before this version) is asked about before the preview opens; the
  // backend refuses to send it otherwise.
  const unacknowledged = useCallback(
    () => draft.decisions.findIndex((d) => hasVerdict(d.estatus, "Aceptada") && unseen(evidenceOf(d.seccion))),
    [draft.decisions, evidenceOf, unseen],
  );
  const openPreview = useCallback(async () => {
    const index = unacknowledged();
    const evidence = index >= 0 ? evidenceOf(draft.decisions[index]?.seccion) : null;
    if (index >= 0 && evidence) {
      setAsking({ index, evidence, byKey: false });
      return index;
    }
    return review.openPreview();
  }, [unacknowledged, evidenceOf, draft.decisions, review.openPreview]);
  const pane = useRef<HTMLDivElement>(null);
  const evidencePane = useCallback(() => pane.current, []);
  const keys = useReviewKeys({
    evidence: evidencePane,
    draft,
    change,
    editing: stage.kind === "editing" && asking === null,
    openPreview,
    entityChoices,
    gateAccept,
    hasFindings,
  });
  // Sections by their names in the user's language wherever a sentence mentions one.
  const nameSection: SectionNamer = (raw) => {
    const id = trackedId(material.sections, raw);
    return (id && sectionLabel(id, locale)) ?? raw;
  };
  // The focused section's evidence, beside the decisions and, once opened, in the
  // evidence window too (which follows it, and closes with the review).
  const focusedSection = draft.decisions[keys.current]?.seccion;
  // A section chosen (clicked, focused or reached with j/k): its screening's paint is
  // measured from the render that shows it (`make bench`), a mark and nothing else.
  const shownSection = useRef<string | undefined>(undefined);
  if (shownSection.current !== focusedSection) {
    shownSection.current = focusedSection;
    begin("screening");
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: `nameSection` is new each render; the names it gives change with the language only.
  const focusedView = useMemo(() => {
    const focused = evidenceOf(focusedSection);
    const view = sectionView(focused ? nameSection(focused.section) : (focusedSection ?? ""), focused, material.evidence, material.detail);
    return { ...view, company: material.company };
  }, [focusedSection, evidenceOf, material, locale]);
  // The pane disposes of hits; the evidence window only shows them.
  const paneView = useMemo(() => ({ ...focusedView, documentId: material.draft.documentId }), [focusedView, material.draft.documentId]);
  const bar = useBarHeight();
  useEffect(() => {
    const documentId = material.draft.documentId;
    const shown = material.evidence.sections.find((e) => e.section === focusedSection);
    const files = shown?.documents.some((d) => material.evidence.documents[d]?.file) ?? false;
    if (!shown || !files || judging.current.has(shown.section)) return;
    judging.current.add(shown.section);
    commands
      .judgeSection(documentId, shown.section)
      .then((evidence) =>
        setJudged((known) =>
          new Map(known).set(
            evidence.section,
            evidence.findings.filter((f) => f.kind === "document_unreadable"),
          ),
        ),
      )
      // A section the backend could not judge now is judged at its next focus.
      .catch(() => judging.current.delete(shown.section));
  }, [focusedSection, material.evidence, material.draft.documentId]);
  // A section focused: the evidence's paint is measured from here (`make bench`).
  useEffect(() => {
    if (focusedSection !== undefined) begin("evidence");
  }, [focusedSection]);
  const { openWindow, reading, toggleReading } = useEvidenceWindow(focusedView);
  const acceptAfterAsking = (byKey: boolean, index: number, evidence: SectionEvidence) => {
    const section = evidence.section;
    const seen = evidence.findings.filter((f) => f.severity === "high").map(findingKey);
    setAcknowledged((known) => new Map(known).set(section, new Set([...(known.get(section) ?? []), ...seen])));
    setAsking(null);
    change((d) => decide(d, section, "Aceptada"));
    if (byKey) keys.moveOn(index);
    else keys.focusCurrent();
  };

  // "Start over": every decision, comment and message goes at once, the saved draft
  // too; "Undo" brings them back (and saves them again) until the next change.
  const startOver = () => {
    setDiscarded(draft);
    setDraft(material.fresh);
    review.edit();
    keys.moveTo(0);
  };
  const undoStartOver = () => {
    if (discarded) change(() => discarded);
  };

  if (stage.kind === "done")
    return (
      <CorrectionOutcome result={stage.result} sections={material.sections} onDone={onDone} next={onNext && <NextFileOffer after={file} onNext={onNext} />} />
    );
  if (draft.decisions.length === 0) return <div className="empty">{t("review.noSections")}</div>;

  // Each failure beside its section; the rest (and "nothing decided yet") with the
  // general message. All of them, in the backend's order, in the list at the top.
  const showProblems = stage.kind === "editing" && stage.showProblems;
  const inSection = (section: string) =>
    problemTexts(
      problems.failures.filter((f) => f.section === section),
      t,
      nameSection,
    );
  const none = problems.noneDecided ? [t("review.noneDecided")] : [];
  const general = [
    ...none,
    ...problemTexts(
      problems.failures.filter((f) => f.section === null),
      t,
      nameSection,
    ),
  ];
  const all = [...none, ...problemTexts(problems.failures, t, nameSection)];
  const statusOf = (section: string) => material.sections.find((s) => s.section === section);

  return (
    <>
      <div className="review-bar" ref={bar}>
        <span className="review-tally" data-testid="review-tally">
          {t("review.tally", { accepted: counts.accepted, rejected: counts.rejected, undecided: counts.undecided })}
        </span>
        <RiskSummary summary={material.evidence.summary} />
        <ReviewNotesLink documentId={draft.documentId} />
        <span className="review-bar-space" />
        {discarded ? (
          <button type="button" className="button-quiet" onClick={undoStartOver} data-testid="undo-start-over">
            {t("undo")}
          </button>
        ) : (
          isTouched(draft) && (
            <button type="button" className="button-quiet" onClick={startOver} data-testid="start-over">
              {t("review.startOver")}
            </button>
          )
        )}
        <button type="button" className="button-primary" onClick={keys.openPreview} data-testid="open-preview">
          {t("review.preview")}
        </button>
        {/* A line of its own: the draft's note comes and goes and the keys are read in
            full, and neither moves the buttons above. */}
        <div className="review-bar-foot">
          <DraftNote className="review-draft" state={draftState} note={discarded && t("review.startedOver")} />
          <span className="kbd-hint muted" data-testid="review-keys">
            {t("review.keys")}
          </span>
        </div>
      </div>
      {review.error && <ErrorNotice error={review.error} />}
      {showProblems && all.length > 0 && <ProblemList problems={all} />}
      {material.evidence.unassigned.length > 0 && (
        <div className="notice notice-warn" role="note" data-testid="evidence-unassigned">
          {t("evidence.unassigned")}{" "}
          <ul className="evidence-findings">
            {material.evidence.unassigned.map((finding, n) => (
              <li key={`${finding.kind}-${n}`}>
                <span className={`chip chip-${SEVERITY_TONE[finding.severity]}`}>{severityLabel(finding.severity, t)}</span> {findingText(finding, t)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className={`review-split${reading ? " reading" : ""}`}>
        <div className="review-decisions">
          <ol className="review-list" aria-label={t("review.title")}>
            {draft.decisions.map((decision, index) => {
              const status = statusOf(decision.seccion);
              const candidates = candidatesFor(status?.id.entity ?? null, material.entities);
              const own = showProblems ? inSection(decision.seccion) : [];
              const accepted = hasVerdict(decision.estatus, "Aceptada");
              const rejected = hasVerdict(decision.estatus, "Rechazada");
              // A decision about a representative, a person's biometrics or a branch names
              // which one: said as soon as it is decided, not only at the preview.
              const needsEntity = candidates.length > 0 && decision.estatus !== null && !decision.entidadId;
              return (
                <li
                  key={decision.seccion}
                  ref={keys.rowRef(index)}
                  tabIndex={-1}
                  className={`review-item${index === keys.current ? " current" : ""}${own.length ? " has-problem" : ""}`}
                  aria-current={index === keys.current ? "true" : undefined}
                  data-testid="review-section"
                  data-section={decision.seccion}
                  data-verdict={decision.estatus ?? ""}
                  onFocus={() => keys.setCurrent(index)}
                >
                  <div className="review-head">
                    <SectionName id={decision.seccion} sectionId={status?.id ?? null} />
                    {status && <SectionStatusChip status={status.status} inService />}
                    {(accepted || rejected) && (
                      <span className={`chip ${accepted ? "chip-ok" : "chip-danger"} decision-chip`} data-testid="decision-chip">
                        {t(accepted ? "review.decided.accepted" : "review.decided.rejected")}
                      </span>
                    )}
                    <FindingBadges findings={evidenceOf(decision.seccion)?.findings ?? []} />
                    {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's own box would change the row's layout; role="group" names the same grouping. */}
                    <div className="review-actions" role="group" aria-label={nameSection(decision.seccion)}>
                      <button
                        type="button"
                        className={`verdict verdict-ok${accepted ? " chosen" : ""}`}
                        aria-pressed={accepted}
                        onClick={() => {
                          const evidence = accepted ? null : needsAsking(index);
                          if (evidence) setAsking({ index, evidence, byKey: false });
                          else change((d) => decide(d, decision.seccion, accepted ? null : "Aceptada"));
                        }}
                        data-testid="accept"
                      >
                        {t("review.accept")}
                      </button>
                      <button
                        type="button"
                        className={`verdict verdict-danger${rejected ? " chosen" : ""}`}
                        aria-pressed={rejected}
                        onClick={() => {
                          if (rejected) change((d) => decide(d, decision.seccion, null));
                          else keys.decideAt(index, "Rechazada");
                        }}
                        data-testid="reject"
                      >
                        {t("review.reject")}
                      </button>
                    </div>
                  </div>
                  {status?.comments && (
                    <p className="section-comments">
                      <span className="muted">{t("review.previousComment")}</span> {status.comments}
                    </p>
                  )}
                  {candidates.length > 0 && (
                    <label className="field inline">
                      <span className="field-label">{t("review.entity")}</span>
                      <select
                        className="input"
                        value={decision.entidadId ?? ""}
                        onChange={(event) => change((d) => chooseEntity(d, decision.seccion, candidates.find((c) => c.Id === event.target.value) ?? null))}
                        data-testid="review-entity"
                      >
                        <option value="">{t("review.entityNone")}</option>
                        {candidates.map((entity, n) => (
                          <option key={entity.Id} value={entity.Id}>
                            {`${n + 1}. `}
                            {entity.Referencia || entity.Id}
                          </option>
                        ))}
                      </select>
                      <span className="muted small">{t("review.entityKeys")}</span>
                    </label>
                  )}
                  {needsEntity && (
                    <p className="entity-needed" role="note" data-testid="entity-needed">
                      {t("review.entityNeeded")}
                    </p>
                  )}
                  {rejected && (
                    <ReasonPicker
                      reasons={offeredReasons({
                        base: status?.id.base ?? null,
                        findings: (evidenceOf(decision.seccion)?.findings ?? []).map((f) => f.kind),
                        profile: props.profile,
                        window: locale,
                      })}
                      customer={customerLocale(props.profile)}
                      inputRef={keys.reasonRef(index)}
                      onChoose={(reason) => {
                        change((d) => update(d, decision.seccion, { comentario: withReason(decision.comentario, reason) }));
                        keys.focusComment(index);
                      }}
                    />
                  )}
                  {rejected && (
                    <label className="field">
                      <span className="field-label">{t("review.comment")}</span>
                      <textarea
                        className="input"
                        ref={keys.commentRef(index)}
                        rows={2}
                        value={decision.comentario}
                        placeholder={t("review.commentPlaceholder")}
                        onChange={(event) => change((d) => update(d, decision.seccion, { comentario: event.target.value }))}
                        aria-invalid={own.length > 0}
                        data-testid="review-comment"
                      />
                      <Counter text={decision.comentario.trim()} max={limits.commentMaxChars} />
                    </label>
                  )}
                  {own.length > 0 && <ProblemList problems={own} compact />}
                </li>
              );
            })}
          </ol>
          <div className="card review-general">
            <label className="field">
              <span className="field-label">{t("review.general")}</span>
              <textarea
                className="input"
                rows={3}
                value={draft.mensajeGeneral}
                onChange={(event) => change((d) => ({ ...d, mensajeGeneral: event.target.value }))}
                data-testid="review-message"
              />
              <Counter text={draft.mensajeGeneral.trim()} max={limits.messageMaxChars} />
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={draft.notificarUsuario}
                onChange={(event) => change((d) => ({ ...d, notificarUsuario: event.target.checked }))}
                data-testid="review-notify"
              />
              {t("review.notify")}
            </label>
            <p className="muted small">{t("review.notifyHint")}</p>
            {general.length > 0 && showProblems && <ProblemList problems={general} compact />}
          </div>
          <ReviewNotes documentId={draft.documentId} />
        </div>
        <div ref={pane} className="review-evidence" tabIndex={-1}>
          <ScreenBoundary resetKey={focusedSection ?? ""}>
            <EvidencePane view={paneView} onOpenWindow={openWindow} reading={{ on: reading, toggle: toggleReading }} />
          </ScreenBoundary>
        </div>
      </div>
      {asking && (
        <AcknowledgeDialog
          documentId={draft.documentId}
          evidence={asking.evidence}
          label={nameSection(asking.evidence.section)}
          onDone={() => acceptAfterAsking(asking.byKey, asking.index, asking.evidence)}
          onCancel={() => {
            setAsking(null);
            keys.focusCurrent();
          }}
        />
      )}
      {stage.kind === "preview" && (
        <CorrectionPreview
          request={stage.preview.request}
          changed={stage.changed}
          sections={material.sections}
          customer={customerLocale(props.profile)}
          undecided={draft.decisions.filter((d) => d.estatus === null).map((d) => d.seccion)}
          sending={stage.sending}
          error={stage.error}
          unknown={unknown}
          onSend={() => review.send(stage.preview)}
          onArm={review.arm}
          onReread={review.reread}
          onCancel={() => {
            keys.focusCurrent();
            review.edit();
          }}
        />
      )}
    </>
  );
}
