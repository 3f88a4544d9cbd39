// The team screen: how this desk is connected, the members and their roles (a
// supervisor sets them), four eyes, and the requests waiting for approval. Roles guide
// the work; they are not a security boundary (every member holds the same key).
import { useState } from "react";

import * as backend from "../../api/backend";
import type { AppError } from "../../bindings/AppError";
import type { FourEyes } from "../../bindings/FourEyes";
import type { Role } from "../../bindings/Role";
import { useI18n } from "../../i18n";
import { ErrorNotice } from "../../ui/ErrorNotice";
import { ApprovalsPanel } from "./Approvals";
import { useConnectedTeam, useTeam, useTeamData } from "./TeamContext";
import { ROLE_WORDS, ROLES } from "./words";

export function TeamView() {
  const { t } = useI18n();
  const { status } = useTeam();
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
          <p data-testid="team-connected">
            {t("team.connectedAs", {
              member: team.member ?? "",
              role: team.role ? t(ROLE_WORDS[team.role]) : "",
              database: team.address ? `${team.address.database}@${team.address.host}` : "",
            })}
          </p>
          <p className="muted small">{t("team.rolesNote")}</p>
          <ApprovalsPanel />
          <Members supervisor={team.role === "supervisor"} />
          {team.fourEyes && <FourEyesSetting setting={team.fourEyes} supervisor={team.role === "supervisor"} />}
        </>
      )}
    </section>
  );
}

function Members({ supervisor }: { supervisor: boolean }) {
  const { t } = useI18n();
  const members = useTeamData(() => backend.teamMembers(), "members");
  const [error, setError] = useState<AppError | null>(null);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("analyst");
  const set = (who: string, next: Role) =>
    backend.setMemberRole(who, next).then(
      () => {
        setError(null);
        members.reload();
      },
      (e: AppError) => setError(e),
    );
  return (
    <section className="card" aria-labelledby="members-title" data-testid="team-members">
      <h3 id="members-title">{t("team.members.title")}</h3>
      {(members.error ?? error) && <ErrorNotice error={(members.error ?? error) as AppError} onDismiss={() => setError(null)} />}
      <table className="grid-table">
        <tbody>
          {members.value?.map((member) => (
            <tr key={member.email} data-testid="team-member">
              <td>{member.email}</td>
              <td>
                {supervisor ? (
                  <select
                    className="input"
                    aria-label={t("team.members.roleOf", { member: member.email })}
                    value={member.role}
                    onChange={(e) => set(member.email, e.target.value as Role)}
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {supervisor && (
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            set(email, role).then(() => setEmail(""));
          }}
        >
          <input
            className="input grow"
            type="email"
            aria-label={t("team.members.email")}
            placeholder={t("team.members.email")}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <select className="input" aria-label={t("team.members.role")} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(ROLE_WORDS[r])}
              </option>
            ))}
          </select>
          <button type="submit" className="button" disabled={!email.includes("@")}>
            {t("team.members.add")}
          </button>
        </form>
      )}
    </section>
  );
}

function FourEyesSetting({ setting, supervisor }: { setting: FourEyes; supervisor: boolean }) {
  const { t } = useI18n();
  const { reload } = useTeam();
  const [error, setError] = useState<AppError | null>(null);
  const save = (next: FourEyes) =>
    backend.setFourEyes(next).then(
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
