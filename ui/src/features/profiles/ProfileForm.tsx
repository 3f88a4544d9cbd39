import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { asAppError } from "../../api/appError";
import * as commands from "../../api/commands";
import { queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { Environment } from "../../bindings/Environment";
import type { Failure } from "../../bindings/Failure";
import type { FlowEntry } from "../../bindings/FlowEntry";
import type { KeyStatus } from "../../bindings/KeyStatus";
import type { Profile } from "../../bindings/Profile";
import type { ProfileInput } from "../../bindings/ProfileInput";
import type { TeamAddress } from "../../bindings/TeamAddress";
import type { TeamOf } from "../../bindings/TeamOf";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { problemTexts } from "../../words/problems";
import { Field } from "./ProfileField";

type Kind = Environment["kind"];

const blank: ProfileInput = {
  name: "",
  environment: { kind: "sandbox" },
  workspaceId: "",
  agentEmail: "",
  flows: [{ flowId: "", label: "", personType: "Moral" }],
};

/** Where the form shows a failed rule: beside the field it names (a flow's FlowID and
 * name beside the flows). */
type Slot = "name" | "environment" | "workspaceId" | "agentEmail" | "flows" | "apiKey" | "team";

const SLOT: Partial<Record<string, Slot>> = {
  name: "name",
  environment: "environment",
  workspaceId: "workspaceId",
  agentEmail: "agentEmail",
  flowId: "flows",
  label: "flows",
  apiKey: "apiKey",
  teamHost: "team",
  teamPort: "team",
  teamDatabase: "team",
  teamUser: "team",
};

const slotOf = (failure: Failure): Slot | null => (Object.hasOwn(SLOT, failure.field) ? (SLOT[failure.field] ?? null) : null);

const EVERY_FIELD: Slot[] = ["name", "environment", "workspaceId", "agentEmail", "flows", "apiKey", "team"];

/** The profile working alone again. */
function withoutTeam(input: ProfileInput): ProfileInput {
  const { team: _, ...alone } = input;
  return alone;
}

/** The team database the company's policy holds `workspace` to, if any (the policy's
 * rule, `policy::teams`, as the backend gives it: the same workspace, case aside). */
function heldTeam(teams: TeamOf[], workspace: string): TeamOf | undefined {
  const ours = workspace.trim().toLowerCase();
  return teams.find((team) => team.workspace.trim().toLowerCase() === ours);
}

/** `input` on the database its workspace is held to: its address the policy's, the
 * login the member's own (to give, when the profile had no team yet). */
function onHeldTeam(input: ProfileInput, held: TeamOf | undefined): ProfileInput {
  if (!held) return input;
  return { ...input, team: { host: held.host, port: held.port, database: held.database, user: input.team?.user ?? "" } };
}

/** A team database on this computer, as a first guess the user corrects. */
const NEW_TEAM: TeamAddress = { host: "localhost", port: 5432, database: "kyb_desk", user: "kyb_desk" };

/** A profile being typed (a new one, or `existing` being changed), checked by the
 * backend's own rules as it is typed; then saved, its key stored when one was typed,
 * and the connection tried by the backend. An existing profile keeps its key when the
 * field is left empty. A failed step leaves what is typed on screen, and a second
 * attempt replaces the profile saved by the first. */
export function ProfileForm(props: {
  existing?: Profile | undefined;
  /** The existing profile's key, when it has one. */
  currentKey?: KeyStatus | null;
  /** Opens with the focus on the key field: the key is to be typed again. */
  focusKey?: boolean;
  onConnected: (profile: Profile) => void;
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  const [input, setInput] = useState<ProfileInput>(() => (props.existing ? { ...props.existing } : blank));
  const [apiKey, setApiKey] = useState("");
  const [teamPassword, setTeamPassword] = useState("");
  // A new key goes where the one it replaces was; without a readable keyring the only
  // place for it is this session.
  const [sessionOnly, setSessionOnly] = useState(() => props.currentKey?.storage === "session" || Boolean(props.currentKey?.keyringProblem));
  const [touched, setTouched] = useState<Set<Slot>>(new Set());
  const [problems, setProblems] = useState<Failure[]>([]);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const [connected, setConnected] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(props.existing?.id ?? null);
  // What this form has written so far: the profile, and the key typed.
  const [wrote, setWrote] = useState(false);
  const [keyStored, setKeyStored] = useState(false);
  const id = useId();
  const fixed = new Set(props.existing?.fixed ?? []);
  const keyField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (props.focusKey) keyField.current?.focus();
  }, [props.focusKey]);
  // The team database the company's policy holds this workspace to: filled in, fixed.
  const held = heldTeam(useQuery(queries.policy()).data?.teams ?? [], input.workspaceId);
  const current: ProfileInput = useMemo(() => onHeldTeam(savedId ? { ...input, id: savedId } : input, held), [input, savedId, held]);
  const keptKey = props.currentKey?.present ? props.currentKey : null;
  const keyNeeded = !keptKey && !keyStored;

  useEffect(() => {
    const timer = setTimeout(() => {
      commands.checkProfile(current).then(setProblems, () => setProblems([]));
    }, 200);
    return () => clearTimeout(timer);
  }, [current]);

  const touch = (slot: Slot) => setTouched((now) => new Set(now).add(slot));
  // The rules checked as it is typed, and those a refused save or key broke.
  const problemsOf = (slot: Slot) => {
    if (!touched.has(slot)) return [];
    const found = [...problems, ...(error?.problems ?? [])].filter((failure) => slotOf(failure) === slot);
    return [...new Set(problemTexts(found, t))];
  };
  const setFlow = (index: number, change: Partial<FlowEntry>) =>
    setInput({ ...input, flows: input.flows.map((f, i) => (i === index ? { ...f, ...change } : f)) });
  const setKind = (kind: Kind) => setInput({ ...input, environment: kind === "custom" ? { kind, base_url: "https://" } : { kind } });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(EVERY_FIELD));
    // Checked again now: the check made while typing may not have caught the last keys.
    const fresh = await commands.checkProfile(current).catch(() => problems);
    setProblems(fresh);
    if (fresh.length > 0 || (keyNeeded && !apiKey.trim())) return;
    setBusy(true);
    setError(null);
    try {
      const profile = await commands.saveProfile(current);
      setSavedId(profile.id);
      setWrote(true);
      if (apiKey.trim()) {
        try {
          await commands.setApiKey(profile.id, apiKey, sessionOnly);
        } catch (e) {
          const failure = asAppError(e);
          // Without a keyring the key can still serve this session: offer it.
          if (failure.code === "keyring_unavailable") setSessionOnly(true);
          throw failure;
        }
        setKeyStored(true);
      }
      if (profile.team && teamPassword) {
        await commands.setTeamPassword(profile.id, teamPassword);
        setTeamPassword("");
      }
      await commands.checkConnection(profile.id);
      setConnected(true);
      props.onConnected(profile);
    } catch (e) {
      setError(asAppError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} placed={(failure) => slotOf(failure) !== null} />}
      {error && wrote && props.onCancel && (
        <p className="muted" data-testid="saved-not-connected">
          {t("profiles.savedNotConnected")}
        </p>
      )}
      {connected && (
        <div className="notice notice-ok" role="status">
          {t("connected")}
        </div>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t("fieldName")} problems={problemsOf("name")} onLeave={() => touch("name")} htmlFor={`${id}-name`} fixed={fixed.has("name")}>
          <input
            id={`${id}-name`}
            className="input"
            value={input.name}
            onChange={(e) => setInput({ ...input, name: e.target.value })}
            data-testid="profile-name"
          />
        </Field>
        <Field label={t("fieldEnvironment")} problems={problemsOf("environment")} onLeave={() => touch("environment")} fixed={fixed.has("environment")}>
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
              />
            )}
          </div>
        </Field>
        <Field
          label={t("fieldWorkspace")}
          problems={problemsOf("workspaceId")}
          onLeave={() => touch("workspaceId")}
          htmlFor={`${id}-workspace`}
          fixed={fixed.has("workspaceId")}
          hint={{ id: `${id}-workspace-hint`, text: t("profiles.workspaceHint") }}
        >
          <input
            id={`${id}-workspace`}
            className="input mono"
            aria-describedby={`${id}-workspace-hint`}
            value={input.workspaceId}
            onChange={(e) => setInput({ ...input, workspaceId: e.target.value })}
            data-testid="profile-workspace"
          />
        </Field>
        <Field
          label={t("fieldAgentEmail")}
          problems={problemsOf("agentEmail")}
          onLeave={() => touch("agentEmail")}
          htmlFor={`${id}-email`}
          fixed={fixed.has("agentEmail")}
        >
          <input
            id={`${id}-email`}
            className="input"
            type="email"
            value={input.agentEmail}
            onChange={(e) => setInput({ ...input, agentEmail: e.target.value })}
            data-testid="profile-email"
          />
        </Field>
        <Field
          label={t("fieldFlows")}
          problems={problemsOf("flows")}
          onLeave={() => touch("flows")}
          fixed={fixed.has("flows")}
          hint={{ id: `${id}-flows-hint`, text: t("profiles.flowHint") }}
        >
          {input.flows.map((flow, index) => (
            <div className="row" key={index}>
              <input
                className="input mono flow-id"
                placeholder={t("flowId")}
                aria-label={t("flowId")}
                aria-describedby={`${id}-flows-hint`}
                value={flow.flowId}
                onChange={(e) => setFlow(index, { flowId: e.target.value })}
                data-testid={`profile-flow-id-${index}`}
              />
              <input
                className="input grow"
                placeholder={t("flowLabel")}
                aria-label={t("flowLabel")}
                value={flow.label}
                onChange={(e) => setFlow(index, { label: e.target.value })}
                data-testid={`profile-flow-label-${index}`}
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
                <button type="button" className="button-quiet small" onClick={() => setInput({ ...input, flows: input.flows.filter((_, i) => i !== index) })}>
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
        <Field label={t("fieldApiKey")} problems={problemsOf("apiKey")} onLeave={() => touch("apiKey")} htmlFor={`${id}-key`}>
          <input
            id={`${id}-key`}
            ref={keyField}
            className="input mono"
            type="password"
            autoComplete="off"
            value={apiKey}
            placeholder={keptKey ? t("profiles.keyKeep", { last: keptKey.lastFour ?? "" }) : undefined}
            onChange={(e) => setApiKey(e.target.value)}
            data-testid="profile-key"
          />
          <label className="check">
            <input type="checkbox" checked={sessionOnly} onChange={(e) => setSessionOnly(e.target.checked)} />
            {t("sessionOnly")}
          </label>
        </Field>
        <Field label={t("team.field")} problems={problemsOf("team")} onLeave={() => touch("team")}>
          <label className="check">
            <input
              type="checkbox"
              checked={Boolean(current.team)}
              disabled={Boolean(held)}
              onChange={(e) => setInput(e.target.checked ? { ...input, team: props.existing?.team ?? NEW_TEAM } : withoutTeam(input))}
              data-testid="profile-team"
            />
            {t("team.inTeam")}
          </label>
          {held && (
            <span className="muted small" data-testid="profile-team-fixed">
              {t("policy.fixedTeam")}
            </span>
          )}
          {current.team && (
            <div className="row wrap">
              <input
                className="input grow mono"
                aria-label={t("team.host")}
                placeholder={t("team.host")}
                value={current.team.host}
                readOnly={Boolean(held)}
                onChange={(e) => input.team && setInput({ ...input, team: { ...input.team, host: e.target.value } })}
                data-testid="profile-team-host"
              />
              <input
                className="input mono team-port"
                aria-label={t("team.port")}
                inputMode="numeric"
                value={String(current.team.port)}
                readOnly={Boolean(held)}
                onChange={(e) => input.team && setInput({ ...input, team: { ...input.team, port: Number.parseInt(e.target.value, 10) || 0 } })}
                data-testid="profile-team-port"
              />
              <input
                className="input mono"
                aria-label={t("team.database")}
                placeholder={t("team.database")}
                value={current.team.database}
                readOnly={Boolean(held)}
                onChange={(e) => input.team && setInput({ ...input, team: { ...input.team, database: e.target.value } })}
                data-testid="profile-team-database"
              />
              <input
                className="input mono"
                aria-label={t("team.user")}
                placeholder={t("team.user")}
                value={current.team.user}
                onChange={(e) => current.team && setInput({ ...input, team: { ...current.team, user: e.target.value } })}
                data-testid="profile-team-user"
              />
              <input
                className="input mono"
                type="password"
                autoComplete="off"
                aria-label={t("team.password")}
                placeholder={t("team.passwordKeep")}
                value={teamPassword}
                onChange={(e) => setTeamPassword(e.target.value)}
                data-testid="profile-team-password"
              />
              <p className="muted small">{t("team.tlsNote")}</p>
            </div>
          )}
        </Field>
        <div className="row">
          <button type="submit" className="button-primary" disabled={busy || (keyNeeded && !apiKey.trim())}>
            {busy ? t("saving") : t("saveAndConnect")}
          </button>
          {props.onCancel && (
            <button type="button" className="button-quiet" onClick={props.onCancel} disabled={busy}>
              {wrote ? t("profiles.toList") : t("profiles.cancel")}
            </button>
          )}
        </div>
      </form>
    </>
  );
}
