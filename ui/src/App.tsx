import { useEffect, useState } from "react";

import { appInfo, asAppError, profiles } from "./api/backend";
import type { AppError } from "./bindings/AppError";
import type { AppInfo } from "./bindings/AppInfo";
import { ProfileSetup } from "./features/profiles/ProfileSetup";
import { DetailView } from "./features/detail/DetailView";
import { TrackingView } from "./features/tracking/TrackingView";
import { WatchlistView } from "./features/watchlist/WatchlistView";
import { type MessageKey, useI18n } from "./i18n";
import { applyTheme, nextChoice, storedChoice, type ThemeChoice } from "./theme";

type Load<T> = { state: "loading" } | { state: "ready"; value: T } | { state: "failed"; error: AppError };

function useLoad<T>(load: () => Promise<T>, generation = 0): Load<T> {
  const [result, setResult] = useState<Load<T>>({ state: "loading" });
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setResult({ state: "ready", value }),
      (error: unknown) => live && setResult({ state: "failed", error: asAppError(error) }),
    );
    return () => {
      live = false;
    };
  }, [load, generation]);
  return result;
}

export function App() {
  const { t, toggleLocale } = useI18n();
  const info = useLoad(appInfo);
  const [generation, setGeneration] = useState(0);
  const [opened, setOpened] = useState<{ flowId: string; rfc: string } | null>(null);
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const [theme, setTheme] = useState<ThemeChoice>(storedChoice);
  useEffect(() => applyTheme(theme), [theme]);
  const book = useLoad(profiles, generation);
  const active =
    book.state === "ready" ? (book.value.profiles.find((p) => p.id === book.value.active) ?? null) : null;

  return (
    <div className="shell">
      <header className="topbar">
        <div className="brand">
          <h1>KYB Desk</h1>
          <span className="tagline">{t("tagline")}</span>
        </div>
        <div className="topbar-actions">
          {active && (
            <span className="profile-chip" title={t("profileLabel")} data-testid="active-profile">
              {active.name}
            </span>
          )}
          <BuildBadge info={info} />
          <button
            type="button"
            className="button-quiet"
            onClick={() => setTheme(nextChoice)}
            data-testid="theme-toggle"
            title={t("themeLabel")}
          >
            {t("themeLabel")}: {t(`theme.${theme}` as MessageKey)}
          </button>
          <button type="button" className="button-quiet" onClick={toggleLocale} aria-label={t("language")}>
            {t("switchTo")}
          </button>
        </div>
      </header>
      {info.state === "ready" && info.value.demo && (
        <div className="demo-banner" role="note" data-testid="demo-banner">
          {t("demoBanner")}
        </div>
      )}
      <div className="workspace">
        <nav className="sidenav" aria-label="KYB Desk">
          <a
            className="sidenav-item active"
            aria-current="page"
            href="#seguimiento"
            onClick={(event) => {
              event.preventDefault();
              setOpened(null);
              setDetailOf(null);
            }}
          >
            {t("navWatchlist")}
          </a>
        </nav>
        <main className="content">
          {info.state === "failed" && (
            <div role="alert" className="notice notice-error">
              <strong>{t("backendUnavailable")}</strong> <code>{info.error.message}</code>
            </div>
          )}
          {book.state === "ready" && !active && <ProfileSetup onDone={() => setGeneration((g) => g + 1)} />}
          {active && opened && detailOf && <DetailView documentId={detailOf} onBack={() => setDetailOf(null)} />}
          {active && opened && !detailOf && (
            <TrackingView
              flowId={opened.flowId}
              rfc={opened.rfc}
              onBack={() => setOpened(null)}
              onDetail={setDetailOf}
            />
          )}
          {active && !opened && <WatchlistView profile={active} onOpen={(flowId, rfc) => setOpened({ flowId, rfc })} />}
        </main>
      </div>
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
