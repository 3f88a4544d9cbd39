// The team screen: how this desk is connected, the requests waiting for approval, the
// workload and its reassignment (a supervisor's daily look, so before the members'
// administration), the members and their roles (a supervisor adds, changes and removes
// them) and four eyes. The database says who this desk is and enforces the team's rules;
// the service itself sees one key for everyone (docs/SECURITY.md, threat model).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import * as commands from "../../api/commands";
import { keys, queries } from "../../api/queries";
import type { AddedMember } from "../../bindings/AddedMember";
import type { AppError } from "../../bindings/AppError";
import type { FourEyes } from "../../bindings/FourEyes";
import type { Role } from "../../bindings/Role";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { shownInstant } from "../../words/format";
import { MISSING } from "../../words/text";
import { SlaPolicyPanel } from "../sla/SlaPolicyForm";
import { ApprovalsPanel } from "./Approvals";
import { DeskOutdated, VersionNeeded } from "./DeskVersionPanel";
import { ReassignPanel } from "./Reassign";
import { useConnectedTeam, useTeam } from "./TeamContext";
import { WorkloadPanel } from "./Workload";
import { ROLE_WORDS, ROLES } from "./words";

export function TeamView() {
  const { t } = useI18n();
  const { status, listening } = useTeam();
  const team = useConnectedTeam();
  return (
    <section className="page" aria-labelledby="team-title">
      <div className="page-header">
        <h2 id="team-title">{t("team.title")}</h2>
      </div>
      {!status?.configured && <div className="empty">{t("team.alone")}</div>}
      {status?.configured && !status.connected && (
        <div data-testid="team-offline">
          {status.problem ? <ErrorNotice error={status.problem} /> : <p className="muted">{t("loading")}</p>}
          <p className="muted">{t("team.offlineHint")}</p>
        </div>
      )}
      {team && (
        <>
          {/* data-listening: the journeys' sign that another desk's change is heard now. */}
          <p data-testid="team-connected" data-listening={listening || undefined}>
            {t("team.connectedAs", {
              member: team.member ?? "",
              role: team.role ? t(ROLE_WORDS[team.role]) : "",
              database: team.address ? `${team.address.database}@${team.address.host}` : "",
            })}
          </p>
          {team.deskVersion && <DeskOutdated version={team.deskVersion} />}
          {team.trailAlarm && (
            <div className="notice notice-error" role="alert" data-testid="team-trail-alarm">
              <strong>{t("team.trail.anchorAlarm")}</strong>{" "}
              {team.trailAlarm.kind === "wentBack"
                ? t("team.trail.wentBack", { seen: team.trailAlarm.seen, head: team.trailAlarm.head })
                : t("team.trail.forked", { seq: team.trailAlarm.seq })}
            </div>
          )}
          <p className="muted small">{t("team.rolesNote")}</p>
          <ApprovalsPanel />
          <WorkloadPanel supervisor={team.role === "supervisor"} me={team.member ?? ""} />
          {team.role === "supervisor" && <ReassignPanel />}
          <Members supervisor={team.role === "supervisor"} me={team.member ?? ""} />
          {team.fourEyes && <FourEyesSetting setting={team.fourEyes} supervisor={team.role === "supervisor"} />}
          <SlaPolicyPanel canEdit={team.role === "supervisor"} />
          {team.deskVersion && <VersionNeeded version={team.deskVersion} supervisor={team.role === "supervisor"} />}
        </>
      )}
    </section>
  );
}

function Members({ supervisor, me }: { supervisor: boolean; me: string }) {
  const { t, locale } = useI18n();
  const members = useQuery(queries.members());
  const queryClient = useQueryClient();
  const [error, setError] = useState<AppError | null>(null);
  const [handOver, setHandOver] = useState<{ login: string; password: string } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const done = (next: Promise<unknown>) =>
    next.then(
      () => {
        setError(null);
        void queryClient.invalidateQueries({ queryKey: keys.members() });
      },
      (e: AppError) => setError(e),
    );
  const issued = (login: string) => (added: AddedMember) => {
    if (added.oneTimePassword) setHandOver({ login, password: added.oneTimePassword });
  };
  return (
    <section className="card" aria-labelledby="members-title" data-testid="team-members">
      <h3 id="members-title">{t("team.members.title")}</h3>
      {(members.error ?? error) && <ErrorNotice error={(members.error ?? error) as AppError} onDismiss={() => setError(null)} />}
      {handOver && <OneTimePassword login={handOver.login} password={handOver.password} onDone={() => setHandOver(null)} />}
      <table className="grid-table">
        <thead>
          <tr>
            <th>{t("team.members.login")}</th>
            <th>{t("team.members.email")}</th>
            <th>{t("team.members.role")}</th>
            <th>{t("team.members.version")}</th>
            {supervisor && <th>{t("team.members.access")}</th>}
          </tr>
        </thead>
        <tbody>
          {members.data?.map((member) => (
            <tr key={member.login} data-testid="team-member" data-login={member.login}>
              <td className="mono">{member.login}</td>
              <td>{member.email}</td>
              <td>
                {supervisor ? (
                  <select
                    className="input"
                    aria-label={t("team.members.roleOf", { member: member.login })}
                    value={member.role}
                    onChange={(e) => done(commands.setMemberRole(member.login, e.target.value as Role))}
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(ROLE_WORDS[r])}
                      </option>
                    ))}
                  </select>
                ) : (
                  t(ROLE_WORDS[member.role])
                )}
                {member.mustChange && (
                  <div className="muted small" data-testid="member-not-signed-in">
                    {t("team.members.notSignedIn")}
                  </div>
                )}
              </td>
              <td data-testid="member-version">
                <span className="mono">{member.deskVersion ?? MISSING}</span>
                {member.seenAt && <div className="muted small">{t("team.members.seen", { at: shownInstant(member.seenAt, locale) })}</div>}
                {/* Who lags behind the team's need (the desk's rule, set by the backend). */}
                {member.belowNeed && (
                  <div>
                    <span className="chip chip-warn" data-testid="member-below-need">
                      {t("team.members.belowNeed")}
                    </span>
                  </div>
                )}
              </td>
              {supervisor && (
                <td>
                  {removing === member.login ? (
                    <span className="row">
                      <span>{t("team.members.removeConfirm", { member: member.login })}</span>
                      <button
                        type="button"
                        className="button button-danger small"
                        data-testid="member-remove-confirm"
                        onClick={() => {
                          setRemoving(null);
                          done(commands.removeMember(member.login));
                        }}
                      >
                        {t("team.members.remove")}
                      </button>
                      <button type="button" className="button-quiet small" onClick={() => setRemoving(null)}>
                        {t("team.members.keep")}
                      </button>
                    </span>
                  ) : (
                    <span className="row">
                      {member.role !== "supervisor" && (
                        // A supervisor's password is reset by IT (the set-up): one
                        // supervisor who held another's could approve their own requests.
                        <button
                          type="button"
                          className="button-quiet small"
                          data-testid="member-reset"
                          onClick={() => done(commands.resetMemberPassword(member.login).then(issued(member.login)))}
                        >
                          {t("team.members.reset")}
                        </button>
                      )}
                      {member.login !== me && (
                        <button type="button" className="button-quiet small" data-testid="member-remove" onClick={() => setRemoving(member.login)}>
                          {t("team.members.remove")}
                        </button>
                      )}
                    </span>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {supervisor && <AddMember onAdded={(login, added) => done(Promise.resolve(issued(login)(added)))} onError={setError} />}
    </section>
  );
}

/** A supervisor adds a member: a new login (the database makes a one-time password,
 * shown once) or, with a company directory, an existing login bound to the team. */
function AddMember({ onAdded, onError }: { onAdded: (login: string, added: AddedMember) => void; onError: (e: AppError) => void }) {
  const { t } = useI18n();
  const [login, setLogin] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("analyst");
  const [bind, setBind] = useState(false);
  const [busy, setBusy] = useState(false);
  const validLogin = /^[a-z][a-z0-9._-]{2,62}$/.test(login.trim());
  return (
    <form
      className="stack"
      data-testid="member-add"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        const name = login.trim();
        commands
          .addMember(name, email.trim(), role, bind)
          .then((added) => {
            onAdded(name, added);
            setLogin("");
            setEmail("");
          }, onError)
          .finally(() => setBusy(false));
      }}
    >
      <div className="row">
        <input
          className="input"
          aria-label={t("team.members.login")}
          placeholder={t("team.members.login")}
          value={login}
          onChange={(e) => setLogin(e.target.value.toLowerCase())}
          data-testid="member-login"
        />
        <input
          className="input grow"
          type="email"
          aria-label={t("team.members.email")}
          placeholder={t("team.members.email")}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="member-email"
        />
        <select className="input" aria-label={t("team.members.role")} value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(ROLE_WORDS[r])}
            </option>
          ))}
        </select>
        <button type="submit" className="button" disabled={busy || !validLogin || !email.includes("@")} data-testid="member-add-send">
          {t("team.members.add")}
        </button>
      </div>
      <label className="check small">
        <input type="checkbox" checked={bind} onChange={(e) => setBind(e.target.checked)} />
        {t("team.members.bind")}
      </label>
      {login.trim() !== "" && !validLogin && <p className="muted small">{t("team.members.loginRule")}</p>}
    </form>
  );
}

/** The one-time password, shown once: to hand over to the member, who signs in with
 * it (their desk replaces it at once). */
function OneTimePassword({ login, password, onDone }: { login: string; password: string; onDone: () => void }) {
  const { t } = useI18n();
  return (
    <div className="notice notice-warn" role="alert" data-testid="one-time-password">
      <strong>{t("team.members.oneTime", { member: login })}</strong>
      <p>
        <code className="mono" data-testid="one-time-password-value">
          {password}
        </code>
      </p>
      <p className="muted small">{t("team.members.oneTimeHint")}</p>
      <div className="row">
        <button type="button" className="button small" onClick={() => void navigator.clipboard?.writeText(password)}>
          {t("team.members.copy")}
        </button>
        <button type="button" className="button-quiet small" onClick={onDone} data-testid="one-time-password-done">
          {t("team.members.handedOver")}
        </button>
      </div>
    </div>
  );
}

function FourEyesSetting({ setting, supervisor }: { setting: FourEyes; supervisor: boolean }) {
  const { t } = useI18n();
  const { reload } = useTeam();
  const [error, setError] = useState<AppError | null>(null);
  const save = (next: FourEyes) =>
    commands.setFourEyes(next).then(
      () => {
        setError(null);
        reload();
      },
      (e: AppError) => setError(e),
    );
  return (
    <section className="card" aria-labelledby="four-eyes-title" data-testid="four-eyes">
      <h3 id="four-eyes-title">{t("team.fourEyes.title")}</h3>
      <p className="muted">{t("team.fourEyes.what", { n: setting.resendLimit })}</p>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      <div className="row">
        <label className="check">
          <input
            type="checkbox"
            checked={setting.on}
            disabled={!supervisor}
            onChange={(e) => save({ ...setting, on: e.target.checked })}
            data-testid="four-eyes-on"
          />
          {t("team.fourEyes.on")}
        </label>
        <label className="check">
          {t("team.fourEyes.limit")}
          <input
            className="input team-port"
            type="number"
            min={0}
            max={20}
            disabled={!supervisor}
            value={setting.resendLimit}
            onChange={(e) => save({ ...setting, resendLimit: Math.max(0, Number.parseInt(e.target.value, 10) || 0) })}
          />
        </label>
      </div>
    </section>
  );
}
