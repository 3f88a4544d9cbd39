import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import * as backend from "../../api/backend";
import type { AppError } from "../../bindings/AppError";
import type { CreatedFile } from "../../bindings/CreatedFile";
import type { Failure } from "../../bindings/Failure";
import type { NewFileDraft } from "../../bindings/NewFileDraft";
import type { Profile } from "../../bindings/Profile";
import { useI18n } from "../../i18n";
import { useLimits } from "../../ui/appInfo";
import { CopyButton } from "../../ui/CopyButton";
import { DraftNote } from "../../ui/DraftNote";
import { ErrorNotice } from "../../ui/ErrorNotice";
import { PageHeader } from "../../ui/PageHeader";
import { problemTexts } from "../../ui/problems";
import { QrCode } from "../../ui/QrCode";
import { MISSING, shown as orMissing } from "../../ui/text";
import { useDraft } from "../../ui/useDraft";
import { useLoad } from "../../ui/useLoad";
import { byFormField, checkData, emptyForm, type Field, formField, fromDraft, isBlank, type NewFileForm, toRequest } from "./model";
import "./newfile.css";

const OTHER_FLOW = "__other__";

type Props = { profile: Profile; onOpen: (flowId: string, rfc: string) => void };

/** Agents: a new business file. Every rule is checked as the form is filled (by the
 * backend, with kyb_api's rules); the rules a refusal of the service names land beside
 * their fields too. What is typed is kept as a draft (one per profile) until the file
 * is created: leaving the screen or closing the app loses nothing. */
export function NewFileView(props: Props) {
  const { t } = useI18n();
  const [saved] = useLoad(() => backend.loadNewFileDraft(), props.profile.id);
  if (saved.state === "loading") {
    return (
      <section className="page" aria-labelledby="new-file-title">
        <PageHeader id="new-file-title" title={t("new.title")} subtitle={t("new.intro")} />
        <div className="empty">{t("loading")}</div>
      </section>
    );
  }
  // A draft that cannot be read does not keep the agent from creating a file: the
  // form opens empty and says why.
  return (
    <NewFileEditor
      key={props.profile.id}
      {...props}
      saved={saved.state === "ready" ? saved.value : null}
      loadError={saved.state === "failed" ? saved.error : null}
    />
  );
}

function NewFileEditor(props: Props & { saved: NewFileDraft | null; loadError: AppError | null }) {
  const { t } = useI18n();
  const limits = useLimits();
  const flows = props.profile.flows;
  const firstFlow = flows[0]?.flowId ?? "";
  const [form, setForm] = useState<NewFileForm>(() => (props.saved ? fromDraft(props.saved) : { ...emptyForm, flowId: firstFlow }));
  const [flowChoice, setFlowChoice] = useState(() => (flows.some((flow) => flow.flowId === form.flowId) ? form.flowId : OTHER_FLOW));
  /** The form "Clear" emptied, until the agent undoes it or types again. */
  const [cleared, setCleared] = useState<NewFileForm | null>(null);
  const {
    state: draftState,
    hold: holdDraft,
    resume: resumeDraft,
  } = useDraft(
    form,
    {
      save: (typed) => backend.saveNewFileDraft({ ...typed, savedAtUtc: "" }),
      discard: backend.discardNewFileDraft,
      isEmpty: isBlank,
    },
    props.saved?.savedAtUtc ?? null,
  );
  const [rules, setRules] = useState<Failure[]>([]);
  /** The rules a refused creation broke, by the service's word, until the form changes. */
  const [serverProblems, setServerProblems] = useState<Failure[]>([]);
  const [touched, setTouched] = useState<Set<Field>>(new Set());
  /** Fields changed since the rules were last checked: their old problems may no
   * longer hold, so they are not shown until the next check answers. */
  const [unchecked, setUnchecked] = useState<Set<Field>>(new Set());
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<AppError | null>(props.loadError);
  const [sending, setSending] = useState(false);
  const [created, setCreated] = useState<{ file: CreatedFile; flowId: string; rfc: string } | null>(null);
  /** The file of a creation whose outcome is unknown: it may exist already. */
  const [unknown, setUnknown] = useState<{ flowId: string; rfc: string } | null>(null);
  const inFlight = useRef(false);

  const request = useMemo(() => toRequest(form), [form]);
  const data = checkData(form.data);
  // The rules, checked by the backend a moment after each change.
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      backend.checkNewFile(request).then(
        (found) => {
          if (!live) return;
          setRules(found);
          setUnchecked(new Set());
        },
        () => undefined,
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [request]);

  const set = <K extends Field>(field: K, value: NewFileForm[K]) => {
    setCleared(null);
    setForm((f) => ({ ...f, [field]: value }));
    setUnchecked((s) => new Set(s).add(field));
    setServerProblems([]);
  };
  /** A field's problems show once it was left (or a creation was tried), not at its
   * first key; from then on they follow what is typed. */
  const leave = (field: Field) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));
  const placed = byFormField(rules);
  const answered = byFormField(serverProblems);
  // The phone's rule says how many digits, from the service's limits.
  const withDigits = (failure: Failure): Failure =>
    failure.field === "ContactPhone" && failure.rule === "invalid" && failure.limit === null && limits ? { ...failure, limit: limits.phoneDigits } : failure;
  const seen = (field: Field) => tried || touched.has(field);
  const shown = (field: Field) => {
    if (!seen(field)) return [];
    return unchecked.has(field) ? [] : problemTexts([...(placed[field] ?? []), ...(answered[field] ?? [])].map(withDigits), t);
  };
  /** What a row shows of its field's problems, and that leaving it lets them show. */
  const at = (field: Field) => ({ problems: shown(field), onLeave: () => leave(field) });
  const dataProblems = data.ok || !seen("data") ? [] : [data.problem === "notObject" ? t("new.dataNotObject") : t("new.dataInvalid", { reason: data.problem })];
  const general = problemTexts(placed.general ?? [], t);
  const blocked = rules.length > 0 || !data.ok;

  /** An empty form (the flow stays chosen); with `keep`, what it held can come back. */
  const startOver = (keep = false) => {
    setCleared(keep ? form : null);
    setForm({ ...emptyForm, flowId: form.flowId });
    setTouched(new Set());
    setTried(false);
    setServerProblems([]);
    setError(null);
  };
  const undoClear = () => {
    if (!cleared) return;
    setForm(cleared);
    setFlowChoice(flows.some((flow) => flow.flowId === cleared.flowId) ? cleared.flowId : OTHER_FLOW);
    setCleared(null);
  };

  const submit = async () => {
    setTried(true);
    if (inFlight.current) return;
    inFlight.current = true;
    // Checked again now: the check made while typing may not have caught the last keys.
    const fresh = await backend.checkNewFile(request).catch(() => rules);
    setRules(fresh);
    setUnchecked(new Set());
    if (fresh.length > 0 || !data.ok) {
      inFlight.current = false;
      return;
    }
    setSending(true);
    setError(null);
    setUnknown(null);
    holdDraft();
    backend
      .createFile(request)
      .then(
        (file) => {
          // Created: the backend dropped the draft with it, and it stays gone.
          setCreated({ file, flowId: request.FlowID, rfc: request.Company?.CompanyRFC ?? "" });
        },
        (e: AppError) => {
          resumeDraft(true);
          setError(e);
          setServerProblems(e.problems);
          if (e.code === "outcome_unknown") setUnknown({ flowId: request.FlowID, rfc: request.Company?.CompanyRFC ?? "" });
        },
      )
      .finally(() => {
        inFlight.current = false;
        setSending(false);
      });
  };

  if (created) {
    const { file } = created;
    const url = file.Url;
    return (
      <section className="page" aria-labelledby="new-file-title">
        <div className="card created" data-testid="created-file" role="status">
          <h2 id="new-file-title">{t("new.created")}</h2>
          <dl className="facts">
            <dt>DocumentId</dt>
            <dd>
              <code className="mono" data-testid="created-id">
                {orMissing(file.DocumentId)}
              </code>{" "}
              {file.DocumentId && <CopyButton text={file.DocumentId} />}
            </dd>
            <dt>{t("new.company")}</dt>
            <dd>
              {orMissing(file.Company?.CompanyName)} <span className="mono muted">{file.Company?.CompanyRfc ?? ""}</span>
            </dd>
          </dl>
          <h3>{t("new.userLink")}</h3>
          <p className="muted">{t("new.userLinkHint")}</p>
          {url ? (
            <>
              <QrCode text={url} label={t("new.userLink")} />
              <code className="mono link-text" data-testid="created-url">
                {url}
              </code>
              <div className="row">
                <CopyButton text={url} testId="copy-url" />
                <button type="button" className="button-quiet small" onClick={() => void backend.openExternal(url).catch(setError)}>
                  {t("result.open")}
                </button>
              </div>
            </>
          ) : (
            <p className="notice notice-warn" role="note" data-testid="created-no-url">
              {t("new.noUrl")}
            </p>
          )}
          <p data-testid="created-followed">{created.rfc ? t("new.followed") : t("new.notFollowed")}</p>
          {error && <ErrorNotice error={error} />}
          <div className="dialog-actions">
            <button
              type="button"
              className="button-quiet"
              onClick={() => {
                setCreated(null);
                resumeDraft(false);
                startOver();
              }}
            >
              {t("new.another")}
            </button>
            {created.rfc && (
              <button type="button" className="button-primary" onClick={() => props.onOpen(created.flowId, created.rfc)} data-testid="open-created">
                {t("new.openTracking")}
              </button>
            )}
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="page" aria-labelledby="new-file-title">
      <PageHeader id="new-file-title" title={t("new.title")} subtitle={t("new.intro")} />
      <form
        className="form card new-file"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Row label={t("new.flow")} {...at("flowId")}>
          <select
            className="input"
            value={flowChoice}
            onChange={(event) => {
              setFlowChoice(event.target.value);
              set("flowId", event.target.value === OTHER_FLOW ? "" : event.target.value);
            }}
            data-testid="new-flow"
          >
            {props.profile.flows.map((flow) => (
              <option key={flow.flowId} value={flow.flowId}>
                {flow.label} ({flow.personType})
              </option>
            ))}
            <option value={OTHER_FLOW}>{t("new.otherFlow")}</option>
          </select>
          {flowChoice === OTHER_FLOW && (
            <input className="input" value={form.flowId} onChange={(e) => set("flowId", e.target.value)} placeholder="FlowID" data-testid="new-flow-id" />
          )}
        </Row>
        <div className="form-grid">
          <Row label={t("new.company")} {...at("companyName")}>
            <input className="input" value={form.companyName} onChange={(e) => set("companyName", e.target.value)} data-testid="new-company" />
          </Row>
          <Row label={t("rfc")} {...at("rfc")} hint={t("new.rfcHint")}>
            <input className="input mono" value={form.rfc} onChange={(e) => set("rfc", e.target.value.toUpperCase())} data-testid="new-rfc" />
          </Row>
          <Row label={t("new.include")} {...at("include")} hint={t("new.sectionsHint")}>
            <input className="input mono" value={form.include} onChange={(e) => set("include", e.target.value)} />
          </Row>
          <Row label={t("new.exclude")} {...at("exclude")} hint={t("new.sectionsHint")}>
            <input className="input mono" value={form.exclude} onChange={(e) => set("exclude", e.target.value)} />
          </Row>
          <Row label={t("new.externalId")} {...at("externalId")}>
            <input className="input" value={form.externalId} onChange={(e) => set("externalId", e.target.value)} />
          </Row>
          <Row label={t("new.clientId")} {...at("clientId")}>
            <input className="input mono" value={form.clientId} onChange={(e) => set("clientId", e.target.value)} />
          </Row>
          <Row label={t("new.clientName")} {...at("clientName")}>
            <input className="input" value={form.clientName} onChange={(e) => set("clientName", e.target.value)} />
          </Row>
        </div>
        <fieldset className="fieldset">
          <legend>{t("new.notify")}</legend>
          <div className="form-grid">
            <Row label={t("new.contactEmail")} {...at("contactEmail")}>
              <label className="check">
                <input type="checkbox" checked={form.sendEmail} onChange={(e) => set("sendEmail", e.target.checked)} data-testid="new-send-email" />
                {t("new.sendEmail")}
              </label>
              <input className="input" type="email" value={form.contactEmail} onChange={(e) => set("contactEmail", e.target.value)} data-testid="new-email" />
            </Row>
            <Row label={t("new.contactPhone")} {...at("contactPhone")} hint={t("new.phoneHint", { digits: limits?.phoneDigits ?? MISSING })}>
              <label className="check">
                <input type="checkbox" checked={form.sendSms} onChange={(e) => set("sendSms", e.target.checked)} data-testid="new-send-sms" />
                {t("new.sendSms")}
              </label>
              <input
                className="input"
                inputMode="numeric"
                value={form.contactPhone}
                onChange={(e) => set("contactPhone", e.target.value)}
                data-testid="new-phone"
              />
            </Row>
          </div>
        </fieldset>
        <Row label={t("new.data")} hint={t("new.dataHint")} problems={dataProblems} onLeave={() => leave("data")}>
          <textarea className="input mono" rows={4} value={form.data} onChange={(e) => set("data", e.target.value)} data-testid="new-data" />
        </Row>
        {tried && general.length > 0 && (
          <div className="notice notice-error" role="alert">
            <ul className="notice-details">
              {general.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}
        {/* A refused creation's rules that name a field stand beside it; the notice lists the rest. */}
        {error && <ErrorNotice error={error} onDismiss={() => setError(null)} placed={(failure) => formField(failure) !== null} />}
        {unknown && <CreateUnknown {...unknown} onOpen={props.onOpen} />}
        <div className="dialog-actions">
          <DraftNote className="small draft-note" state={draftState} note={cleared && t("new.cleared")} />
          {cleared ? (
            <button type="button" className="button-quiet" onClick={undoClear} data-testid="new-undo-clear">
              {t("undo")}
            </button>
          ) : (
            !isBlank(form) && (
              <button type="button" className="button-quiet" onClick={() => startOver(true)} data-testid="new-clear">
                {t("new.clear")}
              </button>
            )
          )}
          <span className="muted small">{blocked ? t("new.fixFirst", { n: rules.length + (data.ok ? 0 : 1) }) : t("new.ready")}</span>
          <button type="submit" className="button-primary" disabled={sending} data-testid="create-file">
            {sending ? t("confirm.working") : t("new.create")}
          </button>
        </div>
      </form>
    </section>
  );
}

function Row(props: { label: string; problems: string[]; hint?: string; onLeave: () => void; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's own box and legend would change the form's layout; role="group" names the same grouping.
    <div
      className="field"
      role="group"
      aria-label={props.label}
      // Left only when the focus goes out of the row, not from its tick box to its input.
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) props.onLeave();
      }}
    >
      <span className="field-label">{props.label}</span>
      {props.children}
      {props.hint && <span className="muted small">{props.hint}</span>}
      {props.problems.map((p) => (
        <span key={p} className="field-problem" data-testid="field-problem">
          {p}
        </span>
      ))}
    </div>
  );
}

/** A creation whose outcome is unknown: the file may exist, and its tracking (by flow
 * and RFC) is where to look before creating it again. */
function CreateUnknown(props: { flowId: string; rfc: string; onOpen: (flowId: string, rfc: string) => void }) {
  const { t } = useI18n();
  return (
    <div className="notice notice-warn" role="note" data-testid="create-unknown">
      <div className="notice-body">
        <strong>{t("new.unknown")}</strong>
        <p>{props.rfc ? t("new.unknownRfc", { rfc: props.rfc }) : t("new.unknownNoRfc")}</p>
        {props.rfc && (
          <button type="button" className="button-quiet small" onClick={() => props.onOpen(props.flowId, props.rfc)} data-testid="create-unknown-tracking">
            {t("new.unknownTrack", { rfc: props.rfc })}
          </button>
        )}
      </div>
    </div>
  );
}
