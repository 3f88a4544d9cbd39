import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";

import * as backend from "../../api/backend";
import type { AppError } from "../../bindings/AppError";
import type { Environment } from "../../bindings/Environment";
import type { FieldProblem } from "../../bindings/FieldProblem";
import type { FlowEntry } from "../../bindings/FlowEntry";
import type { ProfileField } from "../../bindings/ProfileField";
import type { ProfileInput } from "../../bindings/ProfileInput";
import { useI18n } from "../../i18n";
import { ErrorNotice } from "../../ui/ErrorNotice";

/** An RFC no file has: the connection check expects "not found", which proves the
 * key and the Workspace were accepted. XAXX010101000 is the SAT's generic RFC. */
export const PROBE_RFC = "XAXX010101000";

type Kind = Environment["kind"];

const blank: ProfileInput = {
  name: "",
  environment: { kind: "sandbox" },
  workspaceId: "",
  agentEmail: "",
  flows: [{ flowId: "", label: "", personType: "Moral" }],
};

/** The first-run screen: the profile, checked by the backend's own rules as it is
 * typed, then saved, its key stored, and the connection tried with one tracking call. */
export function ProfileSetup({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  const [input, setInput] = useState<ProfileInput>(blank);
  const [apiKey, setApiKey] = useState("");
  const [sessionOnly, setSessionOnly] = useState(false);
  const [touched, setTouched] = useState<Set<ProfileField>>(new Set());
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const [connected, setConnected] = useState(false);
  // Once saved, a second attempt (say, after a keyring failure) replaces the profile.
  const [savedId, setSavedId] = useState<string | null>(null);
  const id = useId();
  const current: ProfileInput = savedId ? { ...input, id: savedId } : input;

  useEffect(() => {
    const timer = setTimeout(() => {
      backend.checkProfile(savedId ? { ...input, id: savedId } : input).then(setProblems, () => setProblems([]));
    }, 200);
    return () => clearTimeout(timer);
  }, [input, savedId]);

  const touch = (field: ProfileField) => setTouched((current) => new Set(current).add(field));
  const problemsOf = (field: ProfileField) =>
    touched.has(field) ? problems.filter((p) => p.field === field).map((p) => p.message) : [];
  const setFlow = (index: number, change: Partial<FlowEntry>) =>
    setInput({ ...input, flows: input.flows.map((f, i) => (i === index ? { ...f, ...change } : f)) });
  const setKind = (kind: Kind) =>
    setInput({ ...input, environment: kind === "custom" ? { kind, base_url: "https://" } : { kind } });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(["name", "environment", "workspaceId", "agentEmail", "flows"]));
    // Checked again now: the check made while typing may not have caught the last keys.
    const fresh = await backend.checkProfile(current).catch(() => problems);
    setProblems(fresh);
    if (fresh.length > 0 || !apiKey.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const profile = await backend.saveProfile(current);
      setSavedId(profile.id);
      await backend.activateProfile(profile.id);
      try {
        await backend.setApiKey(profile.id, apiKey, sessionOnly);
      } catch (e) {
        const failure = e as AppError;
        // Without a keyring the key can still serve this session: offer it.
        if (failure.code === "keyring_unavailable") setSessionOnly(true);
        throw failure;
      }
      const flow = input.flows[0]?.flowId ?? "";
      try {
        await backend.tracking(flow, PROBE_RFC);
      } catch (e) {
        if ((e as AppError).code !== "not_found") throw e;
      }
      setConnected(true);
      setTimeout(onDone, 900);
    } catch (e) {
      setError(e as AppError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page setup" aria-labelledby="setup-title">
      <h2 id="setup-title">{t("setupTitle")}</h2>
      <p className="muted">{t("setupIntro")}</p>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {connected && (
        <div className="notice notice-ok" role="status">
          {t("connected")}
        </div>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t("fieldName")} problems={problemsOf("name")} htmlFor={`${id}-name`}>
          <input
            id={`${id}-name`}
            className="input"
            value={input.name}
            onChange={(e) => setInput({ ...input, name: e.target.value })}
            onBlur={() => touch("name")}
            data-testid="profile-name"
          />
        </Field>
        <Field label={t("fieldEnvironment")} problems={problemsOf("environment")}>
          <div className="row">
            <select
              className="input"
              value={input.environment.kind}
              onChange={(e) => setKind(e.target.value as Kind)}
              data-testid="profile-environment"
              aria-label={t("fieldEnvironment")}
            >
              <option value="production">{t("envProduction")}</option>
              <option value="sandbox">{t("envSandbox")}</option>
              <option value="staging">{t("envStaging")}</option>
              <option value="custom">{t("envCustom")}</option>
            </select>
            {input.environment.kind === "custom" && (
              <input
                className="input grow mono"
                aria-label={t("fieldBaseUrl")}
                value={input.environment.base_url}
                onChange={(e) => setInput({ ...input, environment: { kind: "custom", base_url: e.target.value } })}
                data-testid="profile-base-url"
                onBlur={() => touch("environment")}
              />
            )}
          </div>
        </Field>
        <Field label={t("fieldWorkspace")} problems={problemsOf("workspaceId")} htmlFor={`${id}-workspace`}>
          <input
            id={`${id}-workspace`}
            className="input mono"
            value={input.workspaceId}
            onChange={(e) => setInput({ ...input, workspaceId: e.target.value })}
            data-testid="profile-workspace"
            onBlur={() => touch("workspaceId")}
          />
        </Field>
        <Field label={t("fieldAgentEmail")} problems={problemsOf("agentEmail")} htmlFor={`${id}-email`}>
          <input
            id={`${id}-email`}
            className="input"
            type="email"
            value={input.agentEmail}
            onChange={(e) => setInput({ ...input, agentEmail: e.target.value })}
            data-testid="profile-email"
            onBlur={() => touch("agentEmail")}
          />
        </Field>
        <Field label={t("fieldFlows")} problems={problemsOf("flows")}>
          {input.flows.map((flow, index) => (
            <div className="row" key={index}>
              <input
                className="input mono"
                placeholder={t("flowId")}
                aria-label={t("flowId")}
                value={flow.flowId}
                onChange={(e) => setFlow(index, { flowId: e.target.value })}
                data-testid={`profile-flow-id-${index}`}
                onBlur={() => touch("flows")}
              />
              <input
                className="input grow"
                placeholder={t("flowLabel")}
                aria-label={t("flowLabel")}
                value={flow.label}
                onChange={(e) => setFlow(index, { label: e.target.value })}
                data-testid={`profile-flow-label-${index}`}
                onBlur={() => touch("flows")}
              />
              <select
                className="input"
                aria-label={t("personType")}
                value={flow.personType}
                onChange={(e) => setFlow(index, { personType: e.target.value as FlowEntry["personType"] })}
              >
                <option value="Moral">{t("personMoral")}</option>
                <option value="Fisica">{t("personFisica")}</option>
              </select>
              {input.flows.length > 1 && (
                <button
                  type="button"
                  className="button-quiet small"
                  onClick={() => setInput({ ...input, flows: input.flows.filter((_, i) => i !== index) })}
                >
                  {t("removeFlow")}
                </button>
              )}
            </div>
          ))}
          <button
            type="button"
            className="button-quiet small"
            onClick={() => setInput({ ...input, flows: [...input.flows, { flowId: "", label: "", personType: "Moral" }] })}
          >
            {t("addFlow")}
          </button>
        </Field>
        <Field label={t("fieldApiKey")} problems={[]} htmlFor={`${id}-key`}>
          <input
            id={`${id}-key`}
            className="input mono"
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            data-testid="profile-key"
          />
          <label className="check">
            <input type="checkbox" checked={sessionOnly} onChange={(e) => setSessionOnly(e.target.checked)} />
            {t("sessionOnly")}
          </label>
        </Field>
        <div className="row">
          <button type="submit" className="button-primary" disabled={busy || !apiKey.trim()}>
            {busy ? t("saving") : t("saveAndConnect")}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A labelled field; `htmlFor` names its one control (groups of controls carry
 * their own labels). */
function Field(props: { label: string; problems: string[]; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="field">
      {props.htmlFor ? (
        <label className="field-label" htmlFor={props.htmlFor}>
          {props.label}
        </label>
      ) : (
        <span className="field-label">{props.label}</span>
      )}
      {props.children}
      {props.problems.map((message) => (
        <span key={message} className="field-problem" role="alert">
          {message}
        </span>
      ))}
    </div>
  );
}
