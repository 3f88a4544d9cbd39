import { useEffect, useState } from "react";

import { appInfo } from "./api/backend";
import type { AppInfo } from "./bindings/AppInfo";
import { useI18n } from "./i18n";

type Load<T> = { state: "loading" } | { state: "ready"; value: T } | { state: "failed"; error: string };

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : JSON.stringify(error);
}

export function App() {
  const { t, toggleLocale } = useI18n();
  const [info, setInfo] = useState<Load<AppInfo>>({ state: "loading" });

  useEffect(() => {
    let live = true;
    appInfo().then(
      (value) => live && setInfo({ state: "ready", value }),
      (error: unknown) => live && setInfo({ state: "failed", error: describe(error) }),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="shell">
      <header className="topbar">
        <div className="brand">
          <h1>KYB Desk</h1>
          <span className="tagline">{t("tagline")}</span>
        </div>
        <div className="topbar-actions">
          <BuildBadge info={info} />
          <button type="button" className="button-quiet" onClick={toggleLocale} aria-label={t("language")}>
            {t("switchTo")}
          </button>
        </div>
      </header>
      <main className="content">
        {info.state === "failed" && (
          <div role="alert" className="notice notice-error">
            <strong>{t("backendUnavailable")}</strong> <code>{info.error}</code>
          </div>
        )}
        <section className="card" aria-labelledby="about-title">
          <h2 id="about-title">{t("aboutTitle")}</h2>
          <p>{t("aboutBody")}</p>
        </section>
      </main>
    </div>
  );
}

function BuildBadge({ info }: { info: Load<AppInfo> }) {
  const { t } = useI18n();
  if (info.state === "loading") return <span className="badge">{t("loading")}</span>;
  if (info.state === "failed") return null;
  return (
    <span className="badge" title={t("build")}>
      <span data-testid="app-version">v{info.value.version}</span>
      <span className="badge-sep" aria-hidden="true">
        ·
      </span>
      <span data-testid="app-profile">{info.value.profile}</span>
    </span>
  );
}
