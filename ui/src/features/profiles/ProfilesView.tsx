import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { asAppError } from "../../api/appError";
import * as commands from "../../api/commands";
import { loadOf } from "../../api/load";
import { queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { KeyStatus } from "../../bindings/KeyStatus";
import type { Profile } from "../../bindings/Profile";
import type { ProfileBook } from "../../bindings/ProfileBook";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { PageHeader } from "../../components/PageHeader";
import { useFocusTitle } from "../../hooks/useFocusTitle";
import { type MessageKey, useI18n } from "../../i18n";
import { MISSING } from "../../words/text";
import { SlaPolicyPanel } from "../sla/SlaPolicyForm";
import { KeyOriginChange, KeyOriginWarning } from "./KeyOriginWarning";
import { ProfileForm } from "./ProfileForm";
import { ReasonCatalogueEditor } from "./ReasonCatalogueEditor";
import "./profiles.css";

/** `typeKey`: the form opens on its key field (a key to be typed again). */
type Mode = { kind: "list" } | { kind: "new" } | { kind: "edit"; profile: Profile; typeKey: boolean };
type Asking = { kind: "forget" | "delete"; profile: Profile } | { kind: "origin"; profile: Profile; status: KeyStatus };
type Check = "checking" | "ok" | AppError;

const ENVIRONMENT: Record<Profile["environment"]["kind"], MessageKey> = {
  production: "envProduction",
  sandbox: "envSandbox",
  staging: "envStaging",
  custom: "envCustom",
};

/** Every profile: which one is active, where each one's key is, and the way to switch,
 * test, change, remove a key or delete. The book is the app's (the top bar and every
 * screen read the active profile from it): each change here hands the new book up.
 *
 * Switching profiles happens only on this screen, so any screen with a draft being
 * typed has already closed (and written its draft under the profile it belongs to). */
export function ProfilesView({ book, onBook }: { book: ProfileBook; onBook: (book: ProfileBook) => void }) {
  const { t, locale } = useI18n();
  const [mode, setMode] = useState<Mode>({ kind: "list" });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [checks, setChecks] = useState<Record<string, Check>>({});
  const [asking, setAsking] = useState<Asking | null>(null);
  const [busy, setBusy] = useState(false);
  const [askError, setAskError] = useState<AppError | null>(null);
  const keysQuery = useQuery(queries.keyStatuses(book.profiles.map((p) => p.id)));
  const keys = loadOf(keysQuery);
  const reloadKeys = () => void keysQuery.refetch();
  // The list and the form are one screen: going between them moves the focus too, as
  // does a switch (the "use" button that had it is gone).
  const page = useRef<HTMLElement>(null);
  useFocusTitle(page, `${mode.kind === "edit" ? `edit:${mode.profile.id}` : mode.kind}|${book.active}`);
  const keyOf = (id: string): KeyStatus | null => (keys.state === "ready" ? (keys.value[id] ?? null) : null);

  const report = (text: string) => {
    setError(null);
    setDone(text);
  };
  const reloadBook = async () => onBook(await commands.profiles());
  const activeProfile = book.profiles.find((p) => p.id === book.active) ?? null;

  const use = (profile: Profile) => {
    commands.activateProfile(profile.id).then((next) => {
      onBook(next);
      report(t("profiles.nowActive", { name: profile.name }));
    }, setError);
  };
  const check = (profile: Profile) => {
    setChecks((now) => ({ ...now, [profile.id]: "checking" }));
    commands.checkConnection(profile.id).then(
      () => setChecks((now) => ({ ...now, [profile.id]: "ok" })),
      (failure: AppError) => setChecks((now) => ({ ...now, [profile.id]: failure })),
    );
  };
  const stopAsking = () => {
    setAsking(null);
    setAskError(null);
  };
  const confirm = async () => {
    if (!asking) return;
    const { kind, profile } = asking;
    setBusy(true);
    setAskError(null);
    try {
      if (kind === "forget") {
        await commands.deleteApiKey(profile.id);
        reloadKeys();
        report(t("profiles.keyForgotten", { name: profile.name }));
      } else if (kind === "origin") {
        const now = await commands.confirmKeyOrigin(profile.id, locale);
        reloadKeys();
        report(
          now.originConfirmed
            ? t("profiles.originConfirmed", { name: profile.name, origin: now.profileOrigin ?? asking.status.profileOrigin ?? "" })
            : t("profiles.originNotConfirmed", { name: profile.name, bound: now.boundOrigin || t("profiles.originUnknown") }),
        );
      } else {
        onBook(await commands.deleteProfile(profile.id));
        report(t("profiles.deleted", { name: profile.name }));
      }
      setChecks(({ [profile.id]: _, ...rest }) => rest);
      setAsking(null);
    } catch (e) {
      setAskError(asAppError(e));
    } finally {
      setBusy(false);
    }
  };

  if (mode.kind !== "list") {
    const editing = mode.kind === "edit" ? mode.profile : undefined;
    const toList = () => {
      setMode({ kind: "list" });
      // What the form saved stays saved, even when its connection failed.
      reloadBook().catch(setError);
      reloadKeys();
    };
    return (
      <section className="page profiles" aria-labelledby="profiles-title" ref={page}>
        <PageHeader
          id="profiles-title"
          title={editing ? t("profiles.editTitle", { name: editing.name }) : t("profiles.addTitle")}
          subtitle={t("setupIntro")}
          back={{ label: t("profiles.toList"), onClick: toList }}
          prose
        />
        <ProfileForm
          existing={editing}
          currentKey={editing ? keyOf(editing.id) : null}
          focusKey={mode.kind === "edit" && mode.typeKey}
          onCancel={toList}
          onConnected={(profile) => {
            toList();
            setChecks((now) => ({ ...now, [profile.id]: "ok" }));
            report(t("profiles.saved", { name: profile.name }));
          }}
        />
      </section>
    );
  }

  return (
    <section className="page profiles" aria-labelledby="profiles-title" ref={page}>
      <PageHeader
        id="profiles-title"
        title={t("profiles.title")}
        subtitle={t("profiles.intro")}
        actions={
          <button type="button" className="button-primary" onClick={() => setMode({ kind: "new" })} data-testid="profile-add">
            {t("profiles.add")}
          </button>
        }
      />
      {done && (
        <div className="notice notice-ok" role="status" data-testid="profiles-done">
          {done}
        </div>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {keys.state === "failed" && <ErrorNotice error={keys.error} />}
      <ul className="profile-list">
        {book.profiles.map((profile) => (
          <ProfileCard
            key={profile.id}
            profile={profile}
            active={profile.id === book.active}
            keyStatus={keyOf(profile.id)}
            check={checks[profile.id]}
            onUse={() => use(profile)}
            onCheck={() => check(profile)}
            onEdit={(typeKey) => {
              setDone(null);
              setMode({ kind: "edit", profile, typeKey: typeKey === true });
            }}
            onConfirmOrigin={(status) => setAsking({ kind: "origin", profile, status })}
            onForget={() => setAsking({ kind: "forget", profile })}
            onDelete={() => setAsking({ kind: "delete", profile })}
          />
        ))}
      </ul>
      {activeProfile && (
        <ReasonCatalogueEditor
          key={activeProfile.id}
          profile={activeProfile}
          onSaved={(saved) => onBook({ ...book, profiles: book.profiles.map((p) => (p.id === saved.id ? saved : p)) })}
        />
      )}
      {/* One desk sets its own due times here; a team's supervisor on the Team screen. */}
      {activeProfile && !activeProfile.team && <SlaPolicyPanel key={`sla:${activeProfile.id}`} />}
      {asking?.kind === "origin" && (
        <ConfirmDialog
          title={t("profiles.originConfirmTitle", { name: asking.profile.name })}
          confirm={t("profiles.originSend", { origin: asking.status.profileOrigin ?? "" })}
          busy={busy}
          error={askError}
          onConfirm={confirm}
          onCancel={stopAsking}
        >
          <KeyOriginChange status={asking.status} />
        </ConfirmDialog>
      )}
      {asking && asking.kind !== "origin" && (
        <ConfirmDialog
          title={t(asking.kind === "forget" ? "profiles.forgetTitle" : "profiles.deleteTitle", { name: asking.profile.name })}
          confirm={t(asking.kind === "forget" ? "profiles.forgetKey" : "profiles.delete")}
          danger
          busy={busy}
          error={askError}
          onConfirm={confirm}
          onCancel={stopAsking}
        >
          <p>{t(asking.kind === "forget" ? "profiles.forgetBody" : "profiles.deleteBody")}</p>
          {asking.kind === "delete" && asking.profile.id === book.active && <p>{deleteConsequence(book, asking.profile, t)}</p>}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** What deleting the active profile leads to: the backend makes the first remaining
 * profile active, or there is none and the app asks for a new one. */
function deleteConsequence(book: ProfileBook, profile: Profile, t: ReturnType<typeof useI18n>["t"]) {
  const next = book.profiles.find((p) => p.id !== profile.id);
  return next ? t("profiles.deleteActive", { next: next.name }) : t("profiles.deleteLast");
}

function ProfileCard(props: {
  profile: Profile;
  active: boolean;
  keyStatus: KeyStatus | null;
  check: Check | undefined;
  onUse: () => void;
  onCheck: () => void;
  onEdit: (typeKey?: boolean) => void;
  onConfirmOrigin: (status: KeyStatus) => void;
  onForget: () => void;
  onDelete: () => void;
}) {
  const { t } = useI18n();
  const { profile, keyStatus, check } = props;
  const environment = profile.environment;
  return (
    <li className={props.active ? "card profile-card active" : "card profile-card"} data-testid="profile-card" data-name={profile.name}>
      <div className="profile-card-head">
        <h3>{profile.name}</h3>
        {props.active && <span className="chip chip-ok">{t("profiles.active")}</span>}
      </div>
      <dl className="facts">
        <dt>{t("fieldEnvironment")}</dt>
        <dd>
          {t(ENVIRONMENT[environment.kind])}
          {environment.kind === "custom" && <span className="mono"> {environment.base_url}</span>}
        </dd>
        <dt>Workspace</dt>
        <dd className="mono">{profile.workspaceId}</dd>
        <dt>{t("fieldAgentEmail")}</dt>
        <dd>{profile.agentEmail}</dd>
        <dt>{t("profiles.flows")}</dt>
        <dd>{profile.flows.map((f) => f.label).join(" · ") || MISSING}</dd>
        <dt>{t("profiles.key")}</dt>
        <dd data-testid="profile-key-status">
          <KeyLine status={keyStatus} />
        </dd>
      </dl>
      {preset(profile) && (
        <p className="muted small" data-testid="profile-fixed">
          {t("policy.fixedProfile")}
        </p>
      )}
      {keyStatus?.present && !keyStatus.originConfirmed && (
        <KeyOriginWarning status={keyStatus} onConfirm={() => props.onConfirmOrigin(keyStatus)} onReenter={() => props.onEdit(true)} />
      )}
      {check === "ok" && (
        <div className="notice notice-ok" role="status" data-testid="profile-check">
          {t("connected")}
        </div>
      )}
      {check && check !== "ok" && check !== "checking" && <ErrorNotice error={check} />}
      <div className="row">
        {!props.active && (
          <button type="button" className="button-primary" onClick={props.onUse} data-testid="profile-use">
            {t("profiles.use")}
          </button>
        )}
        <button type="button" className="button-quiet" onClick={props.onCheck} disabled={check === "checking"} data-testid="profile-check-button">
          {check === "checking" ? t("profiles.checking") : t("profiles.check")}
        </button>
        <button type="button" className="button-quiet" onClick={() => props.onEdit()} data-testid="profile-edit">
          {t("profiles.edit")}
        </button>
        {keyStatus?.present && (
          <button type="button" className="button-quiet" onClick={props.onForget} data-testid="profile-forget-key">
            {t("profiles.forgetKey")}
          </button>
        )}
        {/* A profile the company's policy presets stays (the desk refuses it too). */}
        <button
          type="button"
          className="button-quiet button-danger-quiet"
          onClick={props.onDelete}
          disabled={preset(profile)}
          title={preset(profile) ? t("policy.fixed") : undefined}
          data-testid="profile-delete"
        >
          {t("profiles.delete")}
        </button>
      </div>
    </li>
  );
}

function KeyLine({ status }: { status: KeyStatus | null }) {
  const { t } = useI18n();
  if (!status) return <span className="muted">{t("loading")}</span>;
  if (status.present) {
    const last = status.lastFour ?? "";
    return <span className="mono">{t(status.storage === "session" ? "profiles.keySession" : "profiles.keyKeyring", { last })}</span>;
  }
  if (status.keyringProblem) return <span className="field-problem">{t("profiles.keyUnreadable", { why: status.keyringProblem })}</span>;
  return <span className="field-problem">{t("profiles.keyMissing")}</span>;
}

/** A profile the company's policy presets: its name is fixed (`policy::presets`), and it
 * cannot be deleted. A profile whose team alone is fixed (its workspace held to a team)
 * is the user's to delete. */
function preset(profile: Profile): boolean {
  return profile.fixed?.includes("name") ?? false;
}
