import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import * as backend from "../../api/backend";
import type { AppError } from "../../bindings/AppError";
import type { CorrectionRequest } from "../../bindings/CorrectionRequest";
import type { CorrectionResult } from "../../bindings/CorrectionResult";
import type { Draft } from "../../bindings/Draft";
import type { Entity } from "../../bindings/Entity";
import type { SectionComment } from "../../bindings/SectionComment";
import { useI18n } from "../../i18n";
import { ErrorNotice } from "../../ui/ErrorNotice";
import { Counter } from "../../ui/Counter";
import { DraftNote } from "../../ui/DraftNote";
import { PageHeader } from "../../ui/PageHeader";
import { SectionName } from "../../ui/SectionName";
import { isTyping } from "../../ui/keys";
import { useDraft } from "../../ui/useDraft";
import { useLoad } from "../../ui/useLoad";
import { sectionTone } from "../tracking/model";
import { CorrectionPreview } from "./CorrectionPreview";
import { CorrectionOutcome } from "./CorrectionOutcome";
import type { Unknown } from "./OutcomeUnknown";
import {
  ACCEPTED,
  COMMENT_MAX,
  MESSAGE_MAX,
  REJECTED,
  type Problem,
  type Verdict,
  candidatesFor,
  chooseEntity,
  decide,
  freshDraft,
  isTouched,
  problems,
  reread,
  restore,
  tally,
  toRequest,
  update,
} from "./model";

interface Material {
  sections: SectionComment[];
  entities: Entity[];
  company: string;
  /** The review as it opens: the saved draft, or else `fresh`. */
  draft: Draft;
  /** Nothing decided yet (only the entity a section can only mean preselected). */
  fresh: Draft;
  restored: boolean;
}

async function loadMaterial(props: { flowId: string; rfc: string; documentId: string }): Promise<Material> {
  const [file, detail, saved] = await Promise.all([
    backend.tracking(props.flowId, props.rfc),
    backend.fileDetail(props.documentId),
    backend.loadDraft(props.documentId),
  ]);
  const sections = file.sections;
  // A file with only version 1 has no entities to choose from.
  const entities = detail.version === "2" ? detail.detail.Entidades : [];
  const fresh = freshDraft(
    props.documentId,
    sections.map((s) => s.section),
    entities,
  );
  return {
    sections,
    entities,
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
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const [material] = useLoad(() => loadMaterial(props), props.documentId);
  return (
    <section className="page" aria-labelledby="review-title">
      <PageHeader
        id="review-title"
        title={`${t("review.title")}${material.state === "ready" && material.value.company ? ` · ${material.value.company}` : ""}`}
        subtitle={props.documentId}
        back={{ label: t("back"), onClick: props.onBack }}
      />
      {material.state === "loading" && <div className="empty">{t("loading")}</div>}
      {material.state === "failed" && <ErrorNotice error={material.error} />}
      {material.state === "ready" && (
        <ReviewForm material={material.value} file={{ flowId: props.flowId, rfc: props.rfc }} onDone={props.onDone} />
      )}
    </section>
  );
}

type Stage =
  | { kind: "editing"; showProblems: boolean }
  | { kind: "preview"; request: CorrectionRequest; sending: boolean; error: AppError | null }
  | { kind: "done"; result: CorrectionResult };

function ReviewForm(props: { material: Material; file: { flowId: string; rfc: string }; onDone: () => void }) {
  const { material, file, onDone } = props;
  const { t } = useI18n();
  const [draft, setDraft] = useState<Draft>(material.draft);
  const [current, setCurrent] = useState(0);
  const [stage, setStage] = useState<Stage>({ kind: "editing", showProblems: false });
  /** The decisions "Start over" threw away, until the analyst undoes it or changes something. */
  const [discarded, setDiscarded] = useState<Draft | null>(null);
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  const comments = useRef<(HTMLTextAreaElement | null)[]>([]);
  const focusComment = useRef<number | null>(null);
  /** Set by keyboard moves (and on opening): focus and scroll follow the current row. */
  const moved = useRef(true);
  const sending = useRef(false);
  /** The last request whose outcome is unknown, until one is sent and answered. */
  const [unknown, setUnknown] = useState<Unknown | null>(null);

  // Drafts: nothing is written for a review nobody touched, and a review whose every
  // decision was taken back leaves no draft behind (there is nothing to recover).
  const { state: draftState, hold: holdDraft, resume: resumeDraft } = useDraft(
    draft,
    {
      save: backend.saveDraft,
      discard: () => backend.discardDraft(material.draft.documentId),
      isEmpty: (d) => !isTouched(d),
    },
    material.restored ? material.draft.savedAtUtc : null,
  );
  const change = useCallback((next: (draft: Draft) => Draft) => {
    setDiscarded(null);
    setDraft(next);
  }, []);

  // "Start over": every decision, comment and message goes at once, the saved draft
  // too; "Undo" brings them back (and saves them again) until the next change.
  const startOver = useCallback(() => {
    setDiscarded(draft);
    setDraft(material.fresh);
    setStage({ kind: "editing", showProblems: false });
    moved.current = true;
    setCurrent(0);
  }, [draft, material.fresh]);
  const undoStartOver = useCallback(() => {
    if (discarded) change(() => discarded);
  }, [discarded, change]);

  const found = useMemo(() => problems(draft), [draft]);
  const counts = tally(draft);

  const openPreview = useCallback(() => {
    if (found.length > 0) {
      setStage({ kind: "editing", showProblems: true });
      const index = draft.decisions.findIndex((d) => found.some((p) => p.section === d.seccion));
      if (index >= 0) {
        moved.current = true;
        setCurrent(index);
      }
      return;
    }
    setStage({ kind: "preview", request: toRequest(draft), sending: false, error: null });
  }, [draft, found]);

  // The service may have applied a request whose answer was lost: the tracking, read
  // again, shows what each sent section's status is now.
  const { flowId, rfc } = file;
  const rereadTracking = useCallback(
    (request: CorrectionRequest) => {
      setUnknown({ request, reread: { state: "reading" }, armed: false });
      backend.tracking(flowId, rfc).then(
        (fresh) => setUnknown({ request, reread: { state: "read", rows: reread(request, fresh.sections) }, armed: false }),
        (error: AppError) => setUnknown({ request, reread: { state: "failed", error }, armed: false }),
      );
    },
    [flowId, rfc],
  );

  const send = useCallback(
    (request: CorrectionRequest) => {
      // One request per review: a second Enter or click while the first is out does nothing.
      if (sending.current || unknown?.reread.state === "reading") return;
      sending.current = true;
      setStage({ kind: "preview", request, sending: true, error: null });
      holdDraft();
      backend.requestCorrection(request).then(
        (result) => {
          setUnknown(null);
          setStage({ kind: "done", result });
        },
        (error: AppError) => {
          sending.current = false;
          // Whatever happened, the draft stays: an unknown outcome is not a success.
          resumeDraft(true);
          setStage({ kind: "preview", request, sending: false, error });
          if (error.code === "outcome_unknown") rereadTracking(request);
        },
      );
    },
    [holdDraft, resumeDraft, rereadTracking, unknown],
  );

  const decideAt = useCallback(
    (index: number, verdict: Verdict) => {
      const section = draft.decisions[index]?.seccion;
      if (section === undefined) return;
      change((d) => decide(d, section, verdict));
      if (verdict === REJECTED) focusComment.current = index;
    },
    [change, draft.decisions],
  );

  // After j/k (and on opening) focus and scrolling follow the current section; a click
  // only makes its section current, so nothing moves under the pointer.
  useEffect(() => {
    if (stage.kind !== "editing" || !moved.current) return;
    moved.current = false;
    const row = rows.current[current];
    if (row && !row.contains(document.activeElement)) row.focus();
    row?.scrollIntoView?.({ block: "nearest" });
  }, [current, stage.kind]);
  useEffect(() => {
    if (focusComment.current === null) return;
    comments.current[focusComment.current]?.focus();
    focusComment.current = null;
  }, [draft]);

  // j/k move, a accepts, r rejects and opens the comment, Ctrl+Enter previews; inside a
  // text field only Ctrl+Enter and Escape (back to the section) act.
  useEffect(() => {
    if (stage.kind !== "editing") return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        openPreview();
        return;
      }
      if (isTyping(event.target)) {
        if (event.key === "Escape") rows.current[current]?.focus();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const last = draft.decisions.length - 1;
      switch (event.key) {
        case "j":
        case "ArrowDown":
          moved.current = true;
          setCurrent((i) => Math.min(i + 1, last));
          break;
        case "k":
        case "ArrowUp":
          moved.current = true;
          setCurrent((i) => Math.max(i - 1, 0));
          break;
        case "a":
          decideAt(current, ACCEPTED);
          break;
        case "r":
          decideAt(current, REJECTED);
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [stage.kind, current, draft.decisions.length, decideAt, openPreview]);

  if (stage.kind === "done") return <CorrectionOutcome result={stage.result} onDone={onDone} />;
  if (draft.decisions.length === 0) return <div className="empty">{t("review.noSections")}</div>;

  const problemsOf = (section: string) => found.filter((p) => p.section === section);
  const general = found.filter((p) => p.section === null);
  const showProblems = stage.kind === "editing" && stage.showProblems;
  const statusOf = (section: string) => material.sections.find((s) => s.section === section);

  return (
    <>
      <div className="review-bar">
        <span className="review-tally" data-testid="review-tally">
          {t("review.tally", { accepted: counts.accepted, rejected: counts.rejected, undecided: counts.undecided })}
        </span>
        <DraftNote className="review-draft" state={draftState} note={discarded && t("review.startedOver")} />
        <span className="kbd-hint muted">{t("review.keys")}</span>
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
        <button type="button" className="button-primary" onClick={openPreview} data-testid="open-preview">
          {t("review.preview")}
        </button>
      </div>
      {showProblems && found.length > 0 && <ProblemList problems={found} />}
      <ol className="review-list" aria-label={t("review.title")}>
        {draft.decisions.map((decision, index) => {
          const status = statusOf(decision.seccion);
          const candidates = candidatesFor(decision.seccion, material.entities);
          const own = showProblems ? problemsOf(decision.seccion) : [];
          const rejected = decision.estatus === REJECTED;
          return (
            <li
              key={decision.seccion}
              ref={(node) => {
                rows.current[index] = node;
              }}
              tabIndex={-1}
              className={`review-item${index === current ? " current" : ""}${own.length ? " has-problem" : ""}`}
              aria-current={index === current ? "true" : undefined}
              data-testid="review-section"
              data-section={decision.seccion}
              data-verdict={decision.estatus ?? ""}
              onFocus={() => setCurrent(index)}
            >
              <div className="review-head">
                <SectionName id={decision.seccion} />
                {status && <span className={`chip chip-${sectionTone(status.status)}`}>{status.status}</span>}
                <div className="review-actions" role="group" aria-label={decision.seccion}>
                  <button
                    type="button"
                    className={`verdict verdict-ok${decision.estatus === ACCEPTED ? " chosen" : ""}`}
                    aria-pressed={decision.estatus === ACCEPTED}
                    onClick={() => change((d) => decide(d, decision.seccion, decision.estatus === ACCEPTED ? null : ACCEPTED))}
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
                      else decideAt(index, REJECTED);
                    }}
                    data-testid="reject"
                  >
                    {t("review.reject")}
                  </button>
                </div>
              </div>
              {status?.comments && <p className="section-comments">{status.comments}</p>}
              {candidates.length > 0 && (
                <label className="field inline">
                  <span className="field-label">{t("review.entity")}</span>
                  <select
                    className="input"
                    value={decision.entidadId ?? ""}
                    onChange={(event) =>
                      change((d) =>
                        chooseEntity(d, decision.seccion, candidates.find((c) => c.Id === event.target.value) ?? null),
                      )
                    }
                    data-testid="review-entity"
                  >
                    <option value="">{t("review.entityNone")}</option>
                    {candidates.map((entity) => (
                      <option key={entity.Id} value={entity.Id}>
                        {entity.Referencia || entity.Id}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {rejected && (
                <label className="field">
                  <span className="field-label">{t("review.comment")}</span>
                  <textarea
                    className="input"
                    ref={(node) => {
                      comments.current[index] = node;
                    }}
                    rows={2}
                    value={decision.comentario}
                    placeholder={t("review.commentPlaceholder")}
                    onChange={(event) => change((d) => update(d, decision.seccion, { comentario: event.target.value }))}
                    aria-invalid={own.length > 0}
                    data-testid="review-comment"
                  />
                  <Counter text={decision.comentario.trim()} max={COMMENT_MAX} />
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
          <Counter text={draft.mensajeGeneral.trim()} max={MESSAGE_MAX} />
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
      {stage.kind === "preview" && (
        <CorrectionPreview
          request={stage.request}
          sending={stage.sending}
          error={stage.error}
          unknown={unknown}
          onSend={() => send(stage.request)}
          onArm={() => setUnknown((now) => (now ? { ...now, armed: true } : now))}
          onReread={() => unknown && rereadTracking(unknown.request)}
          onCancel={() => {
            moved.current = true;
            setStage({ kind: "editing", showProblems: false });
          }}
        />
      )}
    </>
  );
}

function ProblemList({ problems: list, compact = false }: { problems: Problem[]; compact?: boolean }) {
  const { t } = useI18n();
  return (
    <div role="alert" className={`notice notice-error${compact ? " compact" : ""}`} data-testid="review-problems">
      {!compact && <strong>{t("review.fixFirst")}</strong>}
      <ul className="notice-details">
        {list.map((p) => (
          <li key={`${p.section ?? ""}-${p.key}`}>{t(p.key, p.vars)}</li>
        ))}
      </ul>
    </div>
  );
}
