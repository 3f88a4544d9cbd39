import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import * as commands from "../../api/commands";
import { loadOf } from "../../api/load";
import { queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { CreatedFile } from "../../bindings/CreatedFile";
import type { Failure } from "../../bindings/Failure";
import type { NewFileDraft } from "../../bindings/NewFileDraft";
import type { Profile } from "../../bindings/Profile";
import { DraftNote } from "../../components/DraftNote";
import { ErrorNotice } from "../../components/ErrorNotice";
import { PageHeader } from "../../components/PageHeader";
import { useKnownSections, useLimits } from "../../hooks/appInfo";
import { useDraft } from "../../hooks/useDraft";
import { useI18n } from "../../i18n";
import { problemTexts } from "../../words/problems";
import { MISSING } from "../../words/text";
import { CreatedCard, CreateUnknown } from "./Created";
import { dataProblem, useRequiredFields } from "./checks";
import { hintId, type Listed, ProblemSummary, problemsId, Row } from "./FormParts";
import { byFormField, checkData, emptyForm, type Field, formField, fromDraft, isBlank, type NewFileForm, toRequest } from "./model";
import { SectionPicker } from "./SectionPicker";
import "./newfile.css";

const OTHER_FLOW = "__other__";

type Props = { profile: Profile; onOpen: (flowId: string, rfc: string) => void };

/** How long after a change the rules are checked again: typing does not ask at each key. */
export const CHECK_WAIT_MS = 150;

/** Agents: a new business file. Every rule is checked by the backend (kyb_api's rules)
 * as the form is filled, and a field's problems show once the field is left or a
 * creation is tried, beside it and in a summary that links to it; the rules a refusal
 * of the service names land there too. What is typed is kept as a draft (one per
 * profile) until the file is created: leaving the screen or closing the app loses
 * nothing. */
export function NewFileView(props: Props) {
  const { t } = useI18n();
  const saved = loadOf(useQuery(queries.newFileDraft()));
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

/** The fields in the order the form shows them, which the summary follows. */
const ORDER: Field[] = ["flowId", "companyName", "rfc", "include", "exclude", "externalId", "clientId", "clientName", "contactEmail", "contactPhone", "data"];

/** The id of a field's control (the one its label names and the summary focuses). */
const controlId = (field: Field) => `new-${field}`;

function NewFileEditor(props: Props & { saved: NewFileDraft | null; loadError: AppError | null }) {
  const { t } = useI18n();
  const limits = useLimits();
  const knownSections = useKnownSections();
  const flows = props.profile.flows;
  const firstFlow = flows[0]?.flowId ?? "";
  const [form, setForm] = useState<NewFileForm>(() => (props.saved ? fromDraft(props.saved) : { ...emptyForm, flowId: firstFlow }));
  const [flowChoice, setFlowChoice] = useState(() => (flows.some((flow) => flow.flowId === form.flowId) ? form.flowId : OTHER_FLOW));
  /** The form "Clear" emptied, until the agent undoes it or types again. */
  const [cleared, setCleared] = useState<NewFileForm | null>(null);
  const { state: draftState, saveNow: saveDraftNow } = useDraft(
    form,
    {
      save: (typed) => commands.saveNewFileDraft({ ...typed, savedAtUtc: "" }),
      discard: commands.discardNewFileDraft,
      isEmpty: isBlank,
    },
    props.saved?.savedAtUtc ?? null,
  );
  /** The rules the last check found broken; null until the first check answers. */
  const [rules, setRules] = useState<Failure[] | null>(null);
  const required = useRequiredFields();
  /** The rules a refused creation broke, by the service's word, until the form changes. */
  const [serverProblems, setServerProblems] = useState<Failure[]>([]);
  /** Fields whose problems may show: left since they were last changed, or all of them
   * when a creation was tried. A field being typed in does not shout at each key. */
  const [judged, setJudged] = useState<Set<Field>>(new Set());
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
  const summary = useRef<HTMLElement>(null);
  /** Counts the creations refused by the rules here: each moves the focus to the summary. */
  const [refusals, setRefusals] = useState(0);

  const request = useMemo(() => toRequest(form), [form]);
  const data = checkData(form.data);
  // The rules, checked by the backend a moment after each change.
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      commands.checkNewFile(request).then(
        (found) => {
          if (!live) return;
          setRules(found);
          setUnchecked(new Set());
        },
        () => undefined,
      );
    }, CHECK_WAIT_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [request]);
  useEffect(() => {
    if (refusals > 0) summary.current?.focus();
  }, [refusals]);

  const set = <K extends Field>(field: K, value: NewFileForm[K]) => {
    setCleared(null);
    setForm((f) => ({ ...f, [field]: value }));
    setUnchecked((s) => new Set(s).add(field));
    setJudged((s) => {
      if (!s.has(field)) return s;
      const next = new Set(s);
      next.delete(field);
      return next;
    });
    setServerProblems([]);
  };
  const leave = (field: Field) => setJudged((s) => (s.has(field) ? s : new Set(s).add(field)));
  const placed = byFormField(rules ?? []);
  const answered = byFormField(serverProblems);
  // The phone's rule says how many digits, from the service's limits.
  const withDigits = (failure: Failure): Failure =>
    failure.field === "ContactPhone" && failure.rule === "invalid" && failure.limit === null && limits ? { ...failure, limit: limits.phoneDigits } : failure;
  const shown = (field: Field): string[] => {
    if (!judged.has(field)) return [];
    // The additional data is judged here, at once; the rest waits for the backend's check.
    if (field === "data") return [dataProblem(data, t)].filter((p): p is string => p !== null);
    if (unchecked.has(field)) return [];
    return problemTexts([...(placed[field] ?? []), ...(answered[field] ?? [])].map(withDigits), t);
  };
  const general = tried ? problemTexts(placed.general ?? [], t) : [];
  /** The control a field's label names and its problem's link focuses: the flow's list,
   * or the box its FlowID is typed in. */
  const target = (field: Field) => (field === "flowId" && flowChoice !== OTHER_FLOW ? "new-flow-list" : controlId(field));
  const listed: Listed[] = [
    ...ORDER.flatMap((field) => shown(field).map((text) => ({ controlId: target(field), text }))),
    ...general.map((text) => ({ controlId: null, text })),
  ];
  /** Said only of what was checked: not before the first check, nor after a change. */
  const ready = rules !== null && rules.length === 0 && unchecked.size === 0 && data.ok;
  /** What a row needs of its field: its control, its mark, its problems, and its leaving. */
  const at = (field: Field) => ({ controlId: target(field), required: required.has(field), problems: shown(field), onLeave: () => leave(field) });
  /** What a field's control says of itself to assistive technology. */
  const control = (field: Field, hint = false) => {
    const problems = shown(field).length > 0;
    const described = [hint && hintId(target(field)), problems && problemsId(target(field))].filter(Boolean).join(" ");
    return {
      id: target(field),
      "aria-required": required.has(field) || undefined,
      "aria-invalid": problems || undefined,
      "aria-describedby": described || undefined,
    };
  };

  /** An empty form (the flow stays chosen); with `keep`, what it held can come back. */
  const startOver = (keep = false) => {
    setCleared(keep ? form : null);
    setForm({ ...emptyForm, flowId: form.flowId });
    setJudged(new Set());
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
    setJudged(new Set(ORDER));
    if (inFlight.current) return;
    inFlight.current = true;
    // Checked again now: the check made while typing may not have caught the last keys.
    const fresh = await commands.checkNewFile(request).catch(() => rules ?? []);
    setRules(fresh);
    setUnchecked(new Set());
    if (fresh.length > 0 || !data.ok) {
      inFlight.current = false;
      setRefusals((n) => n + 1);
      return;
    }
    setSending(true);
    setError(null);
    setUnknown(null);
    // What is on screen is written before the request leaves: no write of an earlier
    // value lands after the backend dropped the draft with the file it created.
    await saveDraftNow();
    commands
      .createFile(request)
      .then(
        (file) => {
          // Created: the backend dropped the draft with it, and it stays gone.
          setCreated({ file, flowId: request.FlowID, rfc: request.Company?.CompanyRFC ?? "" });
        },
        (e: AppError) => {
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
    return (
      <CreatedCard
        {...created}
        error={error}
        onAnother={() => {
          setCreated(null);
          startOver();
        }}
        onOpen={props.onOpen}
      />
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
        {required.size > 0 && (
          <p className="muted small" data-testid="new-required-note">
            {t("new.requiredNote")}
          </p>
        )}
        <Row label={t("new.flow")} {...at("flowId")}>
          <select
            className="input"
            {...(flowChoice === OTHER_FLOW ? { id: "new-flow-list" } : control("flowId"))}
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
            <input
              className="input"
              {...control("flowId")}
              value={form.flowId}
              onChange={(e) => set("flowId", e.target.value)}
              placeholder="FlowID"
              data-testid="new-flow-id"
            />
          )}
        </Row>
        <div className="form-grid">
          <Row label={t("new.company")} {...at("companyName")}>
            <input
              className="input"
              {...control("companyName")}
              value={form.companyName}
              onChange={(e) => set("companyName", e.target.value)}
              data-testid="new-company"
            />
          </Row>
          <Row label={t("rfc")} {...at("rfc")} hint={t("new.rfcHint")}>
            <input
              className="input mono"
              {...control("rfc", true)}
              value={form.rfc}
              onChange={(e) => set("rfc", e.target.value.toUpperCase())}
              data-testid="new-rfc"
            />
          </Row>
          <Row label={t("new.include")} {...at("include")} forGroup hint={t("new.sectionsHint")}>
            <SectionPicker
              id={controlId("include")}
              label={t("new.include")}
              value={form.include}
              onChange={(value) => set("include", value)}
              known={knownSections}
              testId="new-include"
            />
          </Row>
          <Row label={t("new.exclude")} {...at("exclude")} forGroup hint={t("new.sectionsHint")}>
            <SectionPicker
              id={controlId("exclude")}
              label={t("new.exclude")}
              value={form.exclude}
              onChange={(value) => set("exclude", value)}
              known={knownSections}
              testId="new-exclude"
            />
          </Row>
          <Row label={t("new.externalId")} {...at("externalId")}>
            <input className="input" {...control("externalId")} value={form.externalId} onChange={(e) => set("externalId", e.target.value)} />
          </Row>
          <Row label={t("new.clientId")} {...at("clientId")}>
            <input className="input mono" {...control("clientId")} value={form.clientId} onChange={(e) => set("clientId", e.target.value)} />
          </Row>
          <Row label={t("new.clientName")} {...at("clientName")}>
            <input className="input" {...control("clientName")} value={form.clientName} onChange={(e) => set("clientName", e.target.value)} />
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
              <input
                className="input"
                type="email"
                {...control("contactEmail")}
                value={form.contactEmail}
                onChange={(e) => set("contactEmail", e.target.value)}
                data-testid="new-email"
              />
            </Row>
            <Row label={t("new.contactPhone")} {...at("contactPhone")} hint={t("new.phoneHint", { digits: limits?.phoneDigits ?? MISSING })}>
              <label className="check">
                <input type="checkbox" checked={form.sendSms} onChange={(e) => set("sendSms", e.target.checked)} data-testid="new-send-sms" />
                {t("new.sendSms")}
              </label>
              <input
                className="input"
                inputMode="numeric"
                {...control("contactPhone", true)}
                value={form.contactPhone}
                onChange={(e) => set("contactPhone", e.target.value)}
                data-testid="new-phone"
              />
            </Row>
          </div>
        </fieldset>
        <Row label={t("new.data")} hint={t("new.dataHint")} {...at("data")}>
          <textarea
            className="input mono"
            rows={4}
            {...control("data", true)}
            value={form.data}
            onChange={(e) => set("data", e.target.value)}
            data-testid="new-data"
          />
        </Row>
        {listed.length > 0 && <ProblemSummary problems={listed} ref={summary} />}
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
          {ready && <span className="muted small">{t("new.ready")}</span>}
          <button type="submit" className="button-primary" disabled={sending} data-testid="create-file">
            {sending ? t("confirm.working") : t("new.create")}
          </button>
        </div>
      </form>
    </section>
  );
}
