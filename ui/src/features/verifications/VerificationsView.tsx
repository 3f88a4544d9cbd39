import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

import * as commands from "../../api/commands";
import { loadOf } from "../../api/load";
import { keys, queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { Failure } from "../../bindings/Failure";
import type { GuideFolio } from "../../bindings/GuideFolio";
import type { Photo } from "../../bindings/Photo";
import type { VerificationState } from "../../bindings/VerificationState";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { PageHeader } from "../../components/PageHeader";
import { useGeoBands } from "../../hooks/appInfo";
import { type MessageKey, useI18n } from "../../i18n";
import { preferences, setPreference } from "../../preferences";
import { meters, shownInstant } from "../../words/format";
import { problemTexts } from "../../words/problems";
import { shown } from "../../words/text";
import { DemoFolios } from "../guide/DemoFolios";
import { markTourDone } from "../guide/tours";
import { ApprovalsPanel, AskApproval } from "../team/Approvals";
import { GeoBandDiagram } from "./GeoBandDiagram";
import { geoTone, remember, type Step, statusTone, timeline } from "./model";
import { type Uncertain, UnknownOutcome } from "./UnknownOutcome";
import { actionReasons, noCancelWords, noResendWords, statusWords, verdictWords } from "./words";
import "./verifications.css";

/** The folios found before, in this data folder. */
const storedRecent = () => preferences().recentFolios;

/** Each step of a verification's timeline in the user's words. */
const STEP_WORDS: Record<Step, MessageKey> = {
  created: "ver.step.created",
  sent: "ver.step.sent",
  completed: "ver.step.completed",
  expires: "ver.step.expires",
};

/** Supervisors: a home or workplace verification by folio, with resend and cancel.
 * `folio`: one to look up at once (a lead of the demo's guide, a link from the audit
 * log); `demoFolios`: the demo's verifications, offered to try. */
export function VerificationsView({ folio: opened, demoFolios = [] }: { folio?: string | undefined; demoFolios?: GuideFolio[] }) {
  const { t } = useI18n();
  const [typed, setTyped] = useState(opened ?? "");
  const [folio, setFolio] = useState<string | null>(opened ?? null);
  const [recent, setRecent] = useState<string[]>(storedRecent);
  const [generation, setGeneration] = useState(0);
  // What the folio itself broke (an unreadable one): said at the field, until it changes.
  const [folioProblems, setFolioProblems] = useState<string[]>([]);

  const lookUp = (value: string) => {
    // Sent as typed (blanks aside): the spec does not say a folio ignores case.
    const clean = value.trim();
    if (!clean) return;
    setFolioProblems([]);
    setTyped(clean);
    setFolio(clean);
    setGeneration((g) => g + 1);
  };
  // Only a folio that was found joins the recent ones: a mistyped one is not offered again.
  const found = (value: string) =>
    setRecent((current) => {
      const next = remember(current, value);
      setPreference({ key: "recentFolios", value: next });
      return next;
    });

  return (
    <section className="page" aria-labelledby="verifications-title">
      <PageHeader id="verifications-title" title={t("ver.title")} subtitle={t("ver.intro")} />
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          lookUp(typed);
        }}
      >
        <input
          className="input"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            // A changed folio is no longer the one refused: its problem and its card go.
            if (folioProblems.length > 0) {
              setFolioProblems([]);
              setFolio(null);
            }
          }}
          placeholder={t("ver.folioPlaceholder")}
          aria-label={t("ver.folio")}
          aria-invalid={folioProblems.length > 0}
          aria-describedby={folioProblems.length > 0 ? "folio-problem" : undefined}
          data-testid="folio-input"
          // biome-ignore lint/a11y/noAutofocus: the screen is a search by folio; it opens with the focus in its one field.
          autoFocus
        />
        {folioProblems.length > 0 && (
          <span id="folio-problem" className="field-problem" role="alert" data-testid="folio-problem">
            {folioProblems.join(" ")}
          </span>
        )}
        <button type="submit" className="button-primary" data-testid="folio-search">
          {t("ver.lookUp")}
        </button>
        {recent.length > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: a fieldset's own box would change the search bar's layout; role="group" names the same grouping.
          <span className="recent" role="group" aria-label={t("ver.recent")}>
            {recent.map((f) => (
              <button key={f} type="button" className="tag tag-button" onClick={() => lookUp(f)}>
                {f}
              </button>
            ))}
          </span>
        )}
      </form>
      <ApprovalsPanel onSent={lookUp} />
      {demoFolios.length > 0 && <DemoFolios folios={demoFolios} onPick={lookUp} />}
      {folio === null ? (
        <div className="empty">{t("ver.empty")}</div>
      ) : (
        <VerificationCard
          key={`${folio}-${generation}`}
          folio={folio}
          onFound={found}
          onFolioProblems={(problems) => setFolioProblems(problemTexts(problems, t))}
        />
      )}
    </section>
  );
}

type Action = "resend" | "cancel";

function VerificationCard(props: { folio: string; onFound: (folio: string) => void; onFolioProblems: (problems: Failure[]) => void }) {
  const { folio, onFound, onFolioProblems } = props;
  const { t, locale } = useI18n();
  const load = loadOf(useQuery(queries.verification(folio)));
  const queryClient = useQueryClient();
  const loaded = load.state === "ready";
  // biome-ignore lint/correctness/useExhaustiveDependencies: told once per folio found, whatever the parent's callback is.
  useEffect(() => {
    if (loaded) onFound(folio);
  }, [loaded, folio]);
  // A folio the desk refused to send is the field's problem, said there, not here.
  const folioProblems = load.state === "failed" ? load.error.problems.filter((p) => p.field === "Folio") : [];
  const refused = folioProblems.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: told once per refusal, whatever the parent's callback is.
  useEffect(() => {
    if (refused) onFolioProblems(folioProblems);
  }, [refused]);
  const edges = useGeoBands();
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AppError | null>(null);
  const [done, setDone] = useState<Action | null>(null);
  const [approval, setApproval] = useState<Action | null>(null);
  /** The last action whose outcome is unknown: both actions wait until the
   * verification has been read again. */
  const [uncertain, setUncertain] = useState<Uncertain | null>(null);
  const inFlight = useRef(false);

  if (load.state === "loading") return <div className="empty">{t("loading")}</div>;
  if (refused) return null;
  if (load.state === "failed") return <ErrorNotice error={load.error} hint={load.error.code === "not_found" ? t("ver.notFoundHint") : undefined} />;
  const state: VerificationState = uncertain?.reread.state === "read" ? uncertain.reread.value : load.value;
  const v = state.verification;
  const held = uncertain !== null && uncertain.reread.state !== "read";

  const readAgain = (action: Action) => {
    setUncertain({ action, reread: { state: "reading" } });
    commands.verification(folio).then(
      (value) => setUncertain({ action, reread: { state: "read", value } }),
      (error: AppError) => setUncertain({ action, reread: { state: "failed", error } }),
    );
  };
  const when = (iso: string | null) => shownInstant(iso, locale);

  const run = (action: Action) => {
    // One request per confirmation, however many clicks arrive.
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    setUncertain(null);
    // The folio as asked: the answer's own may be missing.
    const call = action === "resend" ? commands.resendVerification(folio) : commands.cancelVerification(folio);
    call.then(
      () => {
        inFlight.current = false;
        setBusy(false);
        setAsking(null);
        setDone(action);
        if (action === "resend") markTourDone("resend");
        void queryClient.invalidateQueries({ queryKey: keys.verification(folio) });
      },
      (error: AppError) => {
        inFlight.current = false;
        setBusy(false);
        if (error.code === "needs_approval") {
          // Four eyes: the call was not sent; another member approves and sends it.
          setAsking(null);
          setApproval(action);
        } else if (error.code === "outcome_unknown") {
          // Not a failure to retry: what the service did is read first.
          setAsking(null);
          setDone(null);
          readAgain(action);
        } else {
          setFailure(error);
        }
      },
    );
  };

  return (
    <article className="card verification" data-testid="verification">
      <div className="verification-head">
        <h3>
          {v.Folio || folio}{" "}
          <span className={`chip chip-${statusTone(v.VerificationStatus)}`} data-testid="verification-status" title={v.VerificationStatus ?? undefined}>
            {statusWords(v.VerificationStatus, t)}
          </span>
        </h3>
        <span className="muted">{v.ExternalReference ?? ""}</span>
        <span className="grow" />
        <span title={state.canResend ? undefined : noResendWords(v.VerificationStatus, t)}>
          <button
            type="button"
            className="button-quiet"
            disabled={!state.canResend || held}
            onClick={() => {
              setFailure(null);
              setAsking("resend");
            }}
            data-testid="resend"
          >
            {t("ver.resend")}
          </button>
        </span>
        <span title={state.canCancel ? undefined : noCancelWords(v.VerificationStatus, t)}>
          <button
            type="button"
            className="button-quiet"
            disabled={!state.canCancel || held}
            onClick={() => {
              setFailure(null);
              setAsking("cancel");
            }}
            data-testid="cancel-verification"
          >
            {t("ver.cancel")}
          </button>
        </span>
      </div>
      {(!state.canResend || !state.canCancel) && (
        <p className="muted small" data-testid="action-reasons">
          {actionReasons(v.VerificationStatus, { resend: state.canResend, cancel: state.canCancel }, t)}
        </p>
      )}
      {uncertain && <UnknownOutcome uncertain={uncertain} onReread={() => readAgain(uncertain.action)} />}
      {approval && <AskApproval action={approval} folio={v.Folio || folio} onAsked={() => undefined} />}
      {done && (
        <div className="notice notice-ok" role="status" data-testid="action-done">
          {t(done === "resend" ? "ver.resent" : "ver.cancelled")}
        </div>
      )}

      <ol className="timeline" aria-label={t("ver.timeline")}>
        {timeline(v, Date.now()).map((entry) => (
          <li key={entry.step} className={`timeline-step ${entry.state}`}>
            <span className="timeline-dot" aria-hidden="true" />
            <span className="strong">{t(STEP_WORDS[entry.step])}</span>
            <span>{when(entry.at)}</span>
            {entry.state === "missed" && <span className="chip chip-warn">{t("ver.expired")}</span>}
          </li>
        ))}
      </ol>

      <dl className="facts">
        <dt>{t("ver.verdict")}</dt>
        <dd data-testid="verdict">
          {verdictWords(v.Verdict, v.VerificationStatus, t)}
          {v.VerdictComment && <span className="muted"> · {v.VerdictComment}</span>}
        </dd>
        <dt>{t("ver.modality")}</dt>
        <dd>{shown(v.Modality)}</dd>
        <dt>{t("ver.product")}</dt>
        <dd>
          {shown(v.ProductName)} <span className="mono muted">{v.ProductKey ?? ""}</span>
        </dd>
        <dt>{t("ver.biometric")}</dt>
        <dd>{shown(v.BiometricStatus)}</dd>
        <dt>{t("ver.geoIntegrity")}</dt>
        <dd>
          <span className={`chip chip-${v.GeoIntegrity === "Ok" ? "ok" : v.GeoIntegrity ? "danger" : "neutral"}`}>{shown(v.GeoIntegrity)}</span>
          {(v.GeoSignals ?? []).length > 0 && (
            <ul className="signals" data-testid="geo-signals">
              {(v.GeoSignals ?? []).map((s, i) => (
                <li key={`${s}-${i}`} className="mono">
                  {s}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>

      <h4>
        {t("ver.geo")} <span className={`chip chip-${geoTone(v.GeoResult)}`}>{shown(v.GeoResult)}</span>
      </h4>
      {edges && <GeoBandDiagram distance={v.DistanceMeters} accuracy={v.Accuracy} band={state.geoBand} edges={edges} captured={state.captured} />}

      <h4>{t("ver.photos")}</h4>
      {v.Photos.length === 0 ? (
        <p className="muted">{t("ver.noPhotos")}</p>
      ) : (
        <ul className="photo-grid">
          {v.Photos.map((photo, i) => (
            <VerificationPhoto key={`${photo.Url}-${photo.Section}-${i}`} photo={photo} />
          ))}
        </ul>
      )}

      {asking === "resend" && (
        <ConfirmDialog
          title={t("ver.resendTitle", { folio: v.Folio || folio })}
          confirm={t("ver.resendConfirm")}
          busy={busy}
          error={failure}
          onConfirm={() => run("resend")}
          onCancel={() => setAsking(null)}
        >
          <p>{t("ver.resendBillable")}</p>
          <p data-testid="resend-count">{t(state.resendsUncertain ? "ver.resendsAtLeast" : "ver.resendsSoFar", { n: state.resendsSoFar })}</p>
        </ConfirmDialog>
      )}
      {asking === "cancel" && (
        <ConfirmDialog
          title={t("ver.cancelTitle", { folio: v.Folio || folio })}
          confirm={t("ver.cancelConfirm")}
          danger
          busy={busy}
          error={failure}
          onConfirm={() => run("cancel")}
          onCancel={() => setAsking(null)}
        >
          <p>{t("ver.cancelWarning")}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}

/** One photo: downloaded by the backend, its SHA-256 compared with `HashSha256`. A photo
 * the service sent without its address is said to be so; nothing is asked for it. */
function VerificationPhoto({ photo }: { photo: Photo }) {
  const { t, locale } = useI18n();
  const url = photo.Url?.trim() ?? "";
  const check = loadOf(useQuery({ ...queries.photo(url, photo.HashSha256 ?? ""), enabled: Boolean(url) }));
  return (
    <li className="photo-card" data-testid="verification-photo">
      {check.state === "ready" && check.value ? (
        <img src={check.value.dataUrl} alt={photo.Section ?? ""} />
      ) : (
        <span className="photo-placeholder">
          {!url || check.state === "ready" ? t("ver.photoNoUrl") : check.state === "loading" ? t("loading") : t("photos.failed")}
        </span>
      )}
      <div className="strong">{shown(photo.Section)}</div>
      <div className="muted small">
        {shownInstant(photo.TimestampUtc, locale)} · <span className={`chip chip-${geoTone(photo.GeoResult)}`}>{shown(photo.GeoResult)}</span>
        {photo.DistanceMeters !== null && ` · ${meters(photo.DistanceMeters)}`}
      </div>
      {check.state === "ready" &&
        check.value &&
        (check.value.matches ? (
          <span className="chip chip-ok" data-testid="hash-ok">
            {t("ver.hashOk")}
          </span>
        ) : (
          <span className="chip chip-danger" data-testid="hash-mismatch" title={`SHA-256: ${check.value.sha256}`}>
            {t("ver.hashMismatch")}
          </span>
        ))}
      {check.state === "failed" && <ErrorNotice error={check.error} />}
    </li>
  );
}
