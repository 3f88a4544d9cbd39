import { useCallback, useEffect, useRef, useState } from "react";
import * as commands from "../../api/commands";
import type { AppError } from "../../bindings/AppError";
import type { CorrectionPreview } from "../../bindings/CorrectionPreview";
import type { CorrectionRequest } from "../../bindings/CorrectionRequest";
import type { CorrectionResult } from "../../bindings/CorrectionResult";
import type { Draft } from "../../bindings/Draft";
import type { Failure } from "../../bindings/Failure";
import { useVerdicts } from "../../hooks/appInfo";
import { reread } from "./model";
import type { Unknown } from "./OutcomeUnknown";

/** Where a review stands: the analyst edits the decisions (and is shown what to fix once
 * they asked for the preview too early), reads the request about to leave as the backend
 * built it from the saved draft (`changed`: the draft changed since the last preview, which
 * was refused), waits while it is out, or reads the service's answer. */
export type Stage =
  | { kind: "editing"; showProblems: boolean }
  | { kind: "preview"; preview: CorrectionPreview; sending: boolean; error: AppError | null; changed: boolean }
  | { kind: "done"; result: CorrectionResult };

const EDITING: Stage = { kind: "editing", showProblems: false };

export interface ReviewStage {
  stage: Stage;
  /** What to fix before the preview, once shown: the rules the request breaks, as the
   * backend checks them, or that no section is decided yet. */
  problems: { failures: Failure[]; noneDecided: boolean };
  /** The preview could not be asked for (the draft not saved, or the backend's error). */
  error: AppError | null;
  /** The last request whose outcome is unknown, until one is sent and answered. */
  unknown: Unknown | null;
  /** Saves what is on screen and opens the backend's preview of it once it finds nothing
   * to fix; otherwise shows the problems instead and gives the index of the first section
   * that has one (null when none does, or the preview opened). */
  openPreview: () => Promise<number | null>;
  /** Back to editing, the problems hidden. */
  edit: () => void;
  /** Sends the draft as `preview` showed it. */
  send: (preview: CorrectionPreview) => void;
  /** The analyst asked once to send again without knowing whether the last one arrived. */
  arm: () => void;
  /** Reads the tracking again for the request whose outcome is unknown. */
  reread: () => void;
}

/** The stage machine of one review, and the one correction request it may send: never
 * twice at once, and after an unknown outcome only once the tracking has been read again.
 * The request is the backend's: built from the saved draft, previewed, and sent by naming
 * the draft and the preview (a draft changed since is refused, and previewed again). */
export function useReviewStage(props: {
  draft: Draft;
  file: { flowId: string; rfc: string };
  /** Writes what is on screen as the draft; true once the draft on disk is it. */
  saveDraft: () => Promise<boolean>;
}): ReviewStage {
  const { draft, saveDraft } = props;
  const documentId = draft.documentId;
  const { flowId, rfc } = props.file;
  const [stage, setStage] = useState<Stage>(EDITING);
  const [unknown, setUnknown] = useState<Unknown | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const sending = useRef(false);
  const verdicts = useVerdicts();

  const [problems, setProblems] = useState<{ failures: Failure[]; noneDecided: boolean }>({ failures: [], noneDecided: false });
  /** Counts the checks asked for: only the last one's answer is shown. */
  const checks = useRef(0);
  /** The draft the last check was asked about. */
  const checked = useRef(draft);
  /** Counts the previews asked for: going back to editing, or asking again, voids a
   * check still out (its preview would open over the edits). */
  const previews = useRef(0);
  const showing = stage.kind === "editing" && stage.showProblems;

  /** The draft on screen, saved, then previewed by the backend; null when either failed
   * (the error is shown) or a later check was asked for. Nothing decided is one problem,
   * not the rules an empty request breaks. */
  const check = useCallback(async () => {
    const asked = ++checks.current;
    const previewed = (await saveDraft()) ? await commands.previewCorrection(documentId).catch((e: AppError) => e) : null;
    if (asked !== checks.current) return null;
    if (previewed === null || "code" in previewed) {
      setError(previewed);
      return null;
    }
    setError(null);
    const noneDecided = previewed.request.secciones.length === 0;
    setProblems({ failures: noneDecided ? [] : previewed.failures, noneDecided });
    return previewed;
  }, [documentId, saveDraft]);

  const openPreview = useCallback(async () => {
    checked.current = draft;
    const asked = ++previews.current;
    const found = await check();
    if (asked !== previews.current || found === null) return null;
    if (found.failures.length > 0 || found.request.secciones.length === 0) {
      setStage({ kind: "editing", showProblems: true });
      const index = draft.decisions.findIndex((d) => found.failures.some((f) => f.section === d.seccion));
      return index >= 0 ? index : null;
    }
    setStage({ kind: "preview", preview: found, sending: false, error: null, changed: false });
    return null;
  }, [draft, check]);

  // Once shown, the problems follow the edits: checked again a moment after each change.
  useEffect(() => {
    if (!showing || checked.current === draft) return;
    checked.current = draft;
    const timer = setTimeout(() => void check(), 150);
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
      commands.tracking(flowId, rfc).then(
        (fresh) => setUnknown({ request, reread: { state: "read", rows: reread(request, fresh.sections, verdicts) }, armed: false }),
        (e: AppError) => setUnknown({ request, reread: { state: "failed", error: e }, armed: false }),
      );
    },
    [flowId, rfc, verdicts],
  );

  const send = useCallback(
    (preview: CorrectionPreview) => {
      // One request per review: a second Enter or click while the first is out does nothing.
      if (sending.current || unknown?.reread.state === "reading") return;
      sending.current = true;
      setStage({ kind: "preview", preview, sending: true, error: null, changed: false });
      // Whatever is typed meanwhile is saved as usual; the backend keeps it (see
      // crates/kyb-desk-core/src/desk/correction.rs), and clears the draft itself once sent.
      commands.sendCorrection(documentId, preview.previewed).then(
        (result) => {
          setUnknown(null);
          setStage({ kind: "done", result });
          // The file's new status, read once: a followed file's watchlist row takes it
          // (the backend applies every tracking answer), so the list is not left stale.
          commands.tracking(flowId, rfc).catch(() => undefined);
        },
        (e: AppError) => {
          sending.current = false;
          if (e.code === "draft_changed") {
            // Nothing was sent: the analyst reads what the draft makes now first.
            void check().then((fresh) => {
              if (fresh === null) setStage({ kind: "preview", preview, sending: false, error: e, changed: false });
              else if (fresh.failures.length > 0 || fresh.request.secciones.length === 0) setStage({ kind: "editing", showProblems: true });
              else setStage({ kind: "preview", preview: fresh, sending: false, error: null, changed: true });
            });
            return;
          }
          // Whatever happened, the draft stays: an unknown outcome is not a success.
          setStage({ kind: "preview", preview, sending: false, error: e, changed: false });
          if (e.code === "outcome_unknown") rereadTracking(preview.request);
        },
      );
    },
    [documentId, rereadTracking, unknown, flowId, rfc, check],
  );

  const arm = useCallback(() => setUnknown((now) => (now ? { ...now, armed: true } : now)), []);
  const rereadAgain = useCallback(() => {
    if (unknown) rereadTracking(unknown.request);
  }, [unknown, rereadTracking]);

  return { stage, problems: showing ? problems : { failures: [], noneDecided: false }, error, unknown, openPreview, edit, send, arm, reread: rereadAgain };
}
