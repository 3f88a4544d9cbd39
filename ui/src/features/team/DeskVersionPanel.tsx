// Versions in the team: a desk older than the team needs says so, which
// version, and how to update it (its package manager, or the company's IT); meanwhile
// it changes nothing (the desk core refuses with desk_outdated, same words). A
// supervisor sets the need here; whether a desk is older is the desk core's answer
// (deskVersion.outdated), and a need that is no semantic version is refused there.
import { useState } from "react";

import * as commands from "../../api/commands";
import type { AppError } from "../../bindings/AppError";
import type { DeskVersion } from "../../bindings/DeskVersion";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { useTeam } from "./TeamContext";

/** The commands each packaging's users run (the repositories of `make repo`). */
export const UPDATE_COMMANDS = {
  apt: "sudo apt-get update && sudo apt-get install --only-upgrade kyb-desk",
  dnf: "sudo dnf upgrade kyb-desk",
} as const;

/** What an outdated desk shows at the top of the Team screen. */
export function DeskOutdated({ version }: { version: DeskVersion }) {
  const { t } = useI18n();
  if (!version.outdated || !version.needed) return null;
  return (
    <div className="notice notice-error" role="alert" data-testid="desk-outdated">
      <strong>{t("team.version.outdated", { mine: version.mine, needed: version.needed })}</strong>
      <p>{t("team.version.blocked")}</p>
      <p>{t("team.version.how")}</p>
      <ul>
        <li>
          {t("team.version.apt")} <code className="mono">{UPDATE_COMMANDS.apt}</code>
        </li>
        <li>
          {t("team.version.dnf")} <code className="mono">{UPDATE_COMMANDS.dnf}</code>
        </li>
        <li>{t("team.version.it")}</li>
      </ul>
    </div>
  );
}

/** The team's need, and a supervisor's control of it. */
export function VersionNeeded({ version, supervisor }: { version: DeskVersion; supervisor: boolean }) {
  const { t } = useI18n();
  const { reload } = useTeam();
  const [draft, setDraft] = useState(version.needed ?? "");
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section className="card" aria-labelledby="version-needed-title" data-testid="version-needed">
      <h3 id="version-needed-title">{t("team.version.title")}</h3>
      <p className="muted">{t("team.version.current", { needed: version.needed ?? t("team.version.none"), mine: version.mine })}</p>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {supervisor && (
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            setBusy(true);
            commands
              .setDeskVersionNeeded(draft.trim())
              .then(
                () => {
                  setError(null);
                  reload();
                },
                (e: AppError) => setError(e),
              )
              .finally(() => setBusy(false));
          }}
        >
          <input
            className="input"
            aria-label={t("team.version.input")}
            placeholder="1.4.0"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            data-testid="version-needed-input"
          />
          <button type="submit" className="button small" disabled={busy} data-testid="version-needed-save">
            {t("team.version.save")}
          </button>
          <span className="muted small">{t("team.version.hint")}</span>
        </form>
      )}
    </section>
  );
}
