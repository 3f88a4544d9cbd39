import { useCallback, useEffect, useRef, useState } from "react";
import * as backend from "../../api/backend";
import type { AppError } from "../../bindings/AppError";
import type { CorrectionRequest } from "../../bindings/CorrectionRequest";
import type { CorrectionResult } from "../../bindings/CorrectionResult";
import type { Draft } from "../../bindings/Draft";
import type { Failure } from "../../bindings/Failure";
import { useVerdicts } from "../../ui/appInfo";
import { reread, toRequest } from "./model";
import type { Unknown } from "./OutcomeUnknown";

/** Where a review stands: the analyst edits the decisions (and is shown what to fix once
 * they asked for the preview too early), reads the request about to leave, waits while it
 * is out, or reads the service's answer. */
export type Stage =
  | { kind: "editing"; showProblems: boolean }
  | { kind: "preview"; request: CorrectionRequest; sending: boolean; error: AppError | null }
  | { kind: "done"; result: CorrectionResult };

const EDITING: Stage = { kind: "editing", showProblems: false };

export interface ReviewStage {
  stage: Stage;
  /** What to fix before the preview, once shown: the rules the request breaks, as the
   * backend checks them (`check_correction`), or that no section is decided yet. */
  problems: { failures: Failure[]; noneDecided: boolean };
  /** The last request whose outcome is unknown, until one is sent and answered. */
  unknown: Unknown | null;
  /** Opens the preview once the backend finds nothing to fix in the request; otherwise
   * shows the problems instead and gives the index of the first section that has one
   * (null when none does, or the preview opened). */
  openPreview: () => Promise<number | null>;
  /** Back to editing, the problems hidden. */
  edit: () => void;
  send: (request: CorrectionRequest) => void;
  /** The analyst asked once to send again without knowing whether the last one arrived. */
  arm: () => void;
  /** Reads the tracking again for the request whose outcome is unknown. */
  reread: () => void;
}

/** The stage machine of one review, and the one correction request it may send: never
 * twice at once, and after an unknown outcome only once the tracking has been read again. */
export function useReviewStage(props: {
  draft: Draft;
  file: { flowId: string; rfc: string };
  /** The draft's saving, held while the request is out. */
  draftSaving: { hold: () => void; resume: (save: boolean) => void };
}): ReviewStage {
  const { draft } = props;
  const { flowId, rfc } = props.file;
  const { hold: holdDraft, resume: resumeDraft } = props.draftSaving;
  const [stage, setStage] = useState<Stage>(EDITING);
  const [unknown, setUnknown] = useState<Unknown | null>(null);
  const sending = useRef(false);
  const verdicts = useVerdicts();

  const [failures, setFailures] = useState<Failure[]>([]);
  /** Counts the checks asked for: only the last one's answer is shown. */
  const checks = useRef(0);
  /** The draft the last check was asked about. */
  const checked = useRef(draft);
  /** Counts the previews asked for: going back to editing, or asking again, voids a
   * check still out (its preview would open over the edits). */
  const previews = useRef(0);
  const showing = stage.kind === "editing" && stage.showProblems;
  const noneDecided = showing && toRequest(draft).secciones.length === 0;

  /** The backend's check of `request`; nothing decided is nothing to check (no request
   * exists yet). Null when the check itself failed. */
  const check = useCallback(async (request: CorrectionRequest) => {
    const asked = ++checks.current;
    const found = request.secciones.length === 0 ? [] : await backend.checkCorrection(request).catch(() => null);
    if (found !== null && asked === checks.current) setFailures(found);
    return found;
  }, []);

  const openPreview = useCallback(async () => {
    const request = toRequest(draft);
    checked.current = draft;
    const asked = ++previews.current;
    const found = await check(request);
    if (asked !== previews.current) return null;
    // When the check itself failed the preview still opens: the backend checks the
    // request again before it leaves.
    if (found !== null && (found.length > 0 || request.secciones.length === 0)) {
      setStage({ kind: "editing", showProblems: true });
      const index = draft.decisions.findIndex((d) => found.some((f) => f.section === d.seccion));
      return index >= 0 ? index : null;
    }
    setStage({ kind: "preview", request, sending: false, error: null });
    return null;
  }, [draft, check]);

  // Once shown, the problems follow the edits: checked again a moment after each change.
  useEffect(() => {
    if (!showing || checked.current === draft) return;
    checked.current = draft;
    const timer = setTimeout(() => void check(toRequest(draft)), 150);
    return () => clearTimeout(timer);
  }, [draft, showing, check]);

  const edit = useCallback(() => {
    previews.current += 1;
    setStage(EDITING);
  }, []);

  // The service may have applied a request whose answer was lost: the tracking, read
  // again, shows what each sent section's status is now.
  const rereadTracking = useCallback(
    (request: CorrectionRequest) => {
      setUnknown({ request, reread: { state: "reading" }, armed: false });
      backend.tracking(flowId, rfc).then(
        (fresh) => setUnknown({ request, reread: { state: "read", rows: reread(request, fresh.sections, verdicts) }, armed: false }),
        (error: AppError) => setUnknown({ request, reread: { state: "failed", error }, armed: false }),
      );
    },
    [flowId, rfc, verdicts],
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
          // The file's new status, read once: a followed file's watchlist row takes it
          // (the backend applies every tracking answer), so the list is not left stale.
          backend.tracking(flowId, rfc).catch(() => undefined);
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
    [holdDraft, resumeDraft, rereadTracking, unknown, flowId, rfc],
  );

  const arm = useCallback(() => setUnknown((now) => (now ? { ...now, armed: true } : now)), []);
  const rereadAgain = useCallback(() => {
    if (unknown) rereadTracking(unknown.request);
  }, [unknown, rereadTracking]);

  return { stage, problems: { failures, noneDecided }, unknown, openPreview, edit, send, arm, reread: rereadAgain };
}
