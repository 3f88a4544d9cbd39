import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { recoveries } from "./api/commands";
import { forgetEarly, profileBook, startupReadsSettled } from "./api/early";
import type { Load } from "./api/load";
import { forgetDesk, queries } from "./api/queries";
import type { AppError } from "./bindings/AppError";
import type { AppInfo } from "./bindings/AppInfo";
import type { DemoGuide } from "./bindings/DemoGuide";
import type { Profile } from "./bindings/Profile";
import type { ProfileBook } from "./bindings/ProfileBook";
import type { Recovery } from "./bindings/Recovery";
import type { Role } from "./bindings/Role";
import { ErrorNotice, ProfilesLink } from "./components/ErrorNotice";
import { RecoveryNotice } from "./components/RecoveryNotice";
import { ScreenBoundary } from "./components/ScreenBoundary";
import { isTyping } from "./dom/keys";
import { TryThis } from "./features/guide/TryThis";
import { markTourDone, toursFor } from "./features/guide/tours";
import { useArrivingLinks } from "./features/links/LinkPrompt";
import { PolicyNotice } from "./features/profiles/PolicyNotice";
import { SlaNotices } from "./features/sla/SlaNotices";
import { TeamProvider, useConnectedTeam } from "./features/team/TeamContext";
import { TeamLive } from "./features/team/TeamLive";
import { ROLE_WORDS } from "./features/team/words";
import { WatchlistView } from "./features/watchlist/WatchlistView";
import { AppInfoProvider, useAppInfo } from "./hooks/appInfo";
import { useFocusTitle } from "./hooks/useFocusTitle";
import { type MessageKey, useI18n, withScreenWords } from "./i18n";
import { preferences, setPreference } from "./preferences";
import { applyTheme, nextChoice, storedChoice, type ThemeChoice } from "./theme";

// Only the watchlist, the first screen, is in the first script; every other screen is a
// chunk of its own, fetched once the watchlist has painted (`preloadScreens`) or when
// first shown, whichever comes first (from the app itself, so in a blink): the window
// paints its list without first parsing code it may not need all day.
const screens = withScreenWords({
  AboutView: () => import("./features/about/AboutView"),
  AuditView: () => import("./features/audit/AuditView"),
  DashboardView: () => import("./features/dashboard/DashboardView"),
  DetailView: () => import("./features/detail/DetailView"),
  NewFileView: () => import("./features/newfile/NewFileView"),
  ProfileSetup: () => import("./features/profiles/ProfileSetup"),
  ProfilesView: () => import("./features/profiles/ProfilesView"),
  QuickOpen: () => import("./features/quickopen/QuickOpen"),
  ReviewView: () => import("./features/review/ReviewView"),
  RiskListsView: () => import("./features/risklists/RiskListsView"),
  ShortcutsHelp: () => import("./features/shortcuts/ShortcutsHelp"),
  TeamView: () => import("./features/team/TeamView"),
  TrackingView: () => import("./features/tracking/TrackingView"),
  VerificationsView: () => import("./features/verifications/VerificationsView"),
});
const AboutView = lazy(() => screens.AboutView().then((m) => ({ default: m.AboutView })));
const AuditView = lazy(() => screens.AuditView().then((m) => ({ default: m.AuditView })));
// The dashboard and its chart library (uPlot) are one chunk, fetched with this screen.
const DashboardView = lazy(() => screens.DashboardView().then((m) => ({ default: m.DashboardView })));
const DetailView = lazy(() => screens.DetailView().then((m) => ({ default: m.DetailView })));
const NewFileView = lazy(() => screens.NewFileView().then((m) => ({ default: m.NewFileView })));
const ProfileSetup = lazy(() => screens.ProfileSetup().then((m) => ({ default: m.ProfileSetup })));
const ProfilesView = lazy(() => screens.ProfilesView().then((m) => ({ default: m.ProfilesView })));
const QuickOpen = lazy(() => screens.QuickOpen().then((m) => ({ default: m.QuickOpen })));
const ReviewView = lazy(() => screens.ReviewView().then((m) => ({ default: m.ReviewView })));
const RiskListsView = lazy(() => screens.RiskListsView().then((m) => ({ default: m.RiskListsView })));
const ShortcutsHelp = lazy(() => screens.ShortcutsHelp().then((m) => ({ default: m.ShortcutsHelp })));
const TeamView = lazy(() => screens.TeamView().then((m) => ({ default: m.TeamView })));
const TrackingView = lazy(() => screens.TrackingView().then((m) => ({ default: m.TrackingView })));
const VerificationsView = lazy(() => screens.VerificationsView().then((m) => ({ default: m.VerificationsView })));
// A team's mentions draw nothing until one arrives (alone, never): not among the first
// paint's scripts, whose size is a start-up goal; asked for as the window first renders.
const MentionNotices = lazy(() => import("./features/team/MentionNotices").then((m) => ({ default: m.MentionNotices })));

/** Fetches every screen's chunk, so none is fetched while the analyst waits for it. */
function preloadScreens() {
  for (const load of Object.values(screens)) load().catch(() => undefined);
}

/** Where the analyst is: the watchlist, or one file's tracking, detail or review. A
 * detail opened by a link to a file the watchlist does not follow has no tracking to
 * go back to (`file` null). */
type Route =
  | { view: "watchlist"; atRisk?: number }
  | { view: "verifications"; folio?: string }
  | { view: "newfile" }
  | { view: "audit" }
  | { view: "lists" }
  | { view: "dashboard" }
  | { view: "team" }
  | { view: "about" }
  | { view: "profiles" }
  | { view: "tracking"; flowId: string; rfc: string }
  | { view: "detail"; documentId: string; file: { flowId: string; rfc: string } | null }
  | { view: "review"; flowId: string; rfc: string; documentId: string };

/** The app, with its info read once for every screen (`hooks/appInfo.tsx`). */
export function App() {
  return (
    <AppInfoProvider>
      <Desk />
    </AppInfoProvider>
  );
}

function Desk() {
  const { t, toggleLocale } = useI18n();
  // The frame drawn, before any data: a step of the start-up `make bench` profiles.
  useLayoutEffect(() => {
    performance.mark("startup:frame");
  }, []);
  const info = useAppInfo();
  const [route, showRoute] = useState<Route>({ view: "watchlist" });
  // A change of screen is a transition: the screen on show stays (and keeps the focus)
  // until the next one is ready, its chunk loaded, and only then gives way to it.
  const setRoute = useCallback((next: Route) => startTransition(() => showRoute(next)), []);
  useEffect(() => {
    const soon = setTimeout(preloadScreens, 1000);
    return () => clearTimeout(soon);
  }, []);
  // A link to a file (kybdesk://expediente/…) opens it from any screen; during a review,
  // once the analyst says so.
  const linkPrompt = useArrivingLinks(route.view === "review", (target) => setRoute(target.view === "tracking" ? target : { ...target, file: null }));
  const [theme, setTheme] = useState<ThemeChoice>(storedChoice);
  useEffect(() => applyTheme(theme), [theme]);
  // The profile book as last answered by the backend: read at start and after the
  // first run, and replaced by each change the Profiles screen makes (no loading state
  // in between, so no screen blinks).
  const [book, setBook] = useState<ProfileBook | null>(null);
  const [bookError, setBookError] = useState<AppError | null>(null);
  const reloadBook = useCallback(() => {
    profileBook().then(setBook, setBookError);
  }, []);
  useEffect(reloadBook, [reloadBook]);
  // Records found unreadable at start (set aside by the backend) are announced once,
  // after the book is read. The question never holds anything up: if it fails, the
  // screens work as before and there is only nothing to announce.
  const [recovered, setRecovered] = useState<Recovery[]>([]);
  const askedRecoveries = useRef(false);
  const bookRead = book !== null;
  useEffect(() => {
    if (!bookRead || askedRecoveries.current) return;
    askedRecoveries.current = true;
    // Asked once the start-up's own reads are done: a watchlist they found unreadable
    // has been set aside, and recorded, by then.
    startupReadsSettled()
      .then(recoveries)
      .then(setRecovered, () => undefined);
    // The first screen (a child, whose effects ran first) has taken its start-up read
    // by now; one no screen took is dropped.
    forgetEarly();
  }, [bookRead]);
  const active = book ? (book.profiles.find((p) => p.id === book.active) ?? null) : null;
  const openProfiles = () => setRoute({ view: "profiles" });
  const queryClient = useQueryClient();
  // The demo's "try this" panel, until it is hidden (remembered: a user who hid it
  // does not meet it at every start).
  const guide = useQuery(queries.demoGuide());
  const [guideHidden, setGuideHidden] = useState(() => preferences().guideHidden);
  const hideGuide = () => {
    setGuideHidden(true);
    setPreference({ key: "guideHidden", value: true });
  };
  const demoGuide = guide.data ?? null;
  const main = useRef<HTMLElement>(null);
  useFocusTitle(main, JSON.stringify(route));
  const [quickOpen, setQuickOpen] = useState(false);
  const [shortcuts, setShortcuts] = useState(false);
  // Ctrl+K (⌘K) opens a followed file from anywhere, even while typing; "?" outside a
  // text field lists every shortcut.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setQuickOpen(true);
      } else if (event.key === "?" && !event.ctrlKey && !event.metaKey && !isTyping(event.target)) {
        event.preventDefault();
        setShortcuts((open) => !open);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div className="shell">
      <header className="topbar">
        <div className="brand">
          <h1>KYB Desk</h1>
          <span className="tagline">{t("tagline")}</span>
        </div>
        <div className="topbar-actions">
          {active && (
            <button type="button" className="button-quiet" onClick={() => setQuickOpen(true)} aria-keyshortcuts="Control+K" data-testid="quick-open-button">
              {t("quick.button")} <kbd>Ctrl+K</kbd>
            </button>
          )}
          {active && (
            <button type="button" className="profile-chip" title={t("profileLabel")} onClick={openProfiles} data-testid="active-profile">
              {active.name}
            </button>
          )}
          <BuildBadge info={info} />
          <button type="button" className="button-quiet" onClick={() => setTheme(nextChoice)} data-testid="theme-toggle" title={t("themeLabel")}>
            {t("themeLabel")}: {t(THEME[theme])}
          </button>
          {/* The name holds the words shown ("Idioma: English"), the words their own language. */}
          <button type="button" className="button-quiet" onClick={toggleLocale} aria-label={`${t("language")}: ${t("switchTo")}`} data-testid="language-toggle">
            <span lang={t("switchToLang")}>{t("switchTo")}</span>
          </button>
        </div>
      </header>
      {info.state === "ready" && info.value.demo && (
        <div className="demo-banner" role="note" data-testid="demo-banner">
          {t("demoBanner")}
        </div>
      )}
      <TeamProvider key={`${active?.id ?? ""}:${JSON.stringify(active?.team ?? null)}`} profileId={active?.id ?? ""}>
        <div className="workspace">
          {/* Every screen needs a profile: until there is one, only its set-up shows. */}
          {active && (
            <nav className="sidenav" aria-label="KYB Desk">
              <NavEntries hasTeam={Boolean(active.team)} current={section(route)} go={(view) => setRoute({ view })} />
              {/* Help and diagnostics, apart from the day's work. */}
              <div className="sidenav-foot">
                <TeamLive />
                {/* biome-ignore lint/a11y/useValidAnchor: page navigation, as the entries above: the address names the screen, the click shows it without a reload. */}
                <a
                  className={route.view === "about" ? "sidenav-aside active" : "sidenav-aside"}
                  aria-current={route.view === "about" ? "page" : undefined}
                  href="#about"
                  data-testid="nav-about"
                  onClick={(event) => {
                    event.preventDefault();
                    setRoute({ view: "about" });
                  }}
                >
                  {t("navAbout")}
                </a>
                <button type="button" className="button-quiet small" onClick={() => setShortcuts(true)} aria-keyshortcuts="?" data-testid="open-shortcuts">
                  {t("keys.title")} <kbd>?</kbd>
                </button>
              </div>
            </nav>
          )}
          <main className="content" ref={main}>
            {info.state === "failed" && (
              <div role="alert" className="notice notice-error">
                <strong>{t("backendUnavailable")}</strong> <code>{info.error.message}</code>
              </div>
            )}
            {/* A backend that cannot be reached is said once, above (known once the info has answered). */}
            {bookError && info.state === "ready" && <ErrorNotice error={bookError} onDismiss={() => setBookError(null)} />}
            {recovered.length > 0 && <RecoveryNotice recoveries={recovered} onDismiss={() => setRecovered([])} />}
            <PolicyNotice />
            {/* Its own chunk: one that cannot load says so here, and the window stays. */}
            <ScreenBoundary>
              <Suspense fallback={null}>
                <MentionNotices onOpen={(target) => setRoute(target.view === "tracking" ? target : { ...target, file: null })} />
              </Suspense>
            </ScreenBoundary>
            {active && <SlaNotices key={active.id} onShow={() => setRoute({ view: "watchlist", atRisk: Date.now() })} />}
            <ScreenBoundary resetKey={route.view}>
              <Suspense fallback={<div className="empty">{t("loading")}</div>}>
                {book && !active && <ProfileSetup onDone={reloadBook} />}
                {book && active && (
                  <ProfilesLink.Provider value={route.view === "profiles" ? null : openProfiles}>
                    {route.view === "profiles" ? (
                      <ProfilesView
                        book={book}
                        onBook={(next) => {
                          // Another profile, or the active one's settings changed: no answer of before holds.
                          forgetDesk(queryClient);
                          setBook(next);
                        }}
                      />
                    ) : (
                      // Each profile has its own watchlist and drafts: a switch starts its screens afresh.
                      <Screen
                        key={active.id}
                        route={route}
                        go={setRoute}
                        profile={active}
                        guide={demoGuide}
                        guideShown={!guideHidden}
                        onHideGuide={hideGuide}
                      />
                    )}
                  </ProfilesLink.Provider>
                )}
              </Suspense>
            </ScreenBoundary>
            {/* The overlays load apart, so their first opening never blanks the screen beneath. */}
            <ScreenBoundary>
              <Suspense fallback={null}>
                {shortcuts && <ShortcutsHelp onClose={() => setShortcuts(false)} />}
                {linkPrompt}
                {active && quickOpen && (
                  <QuickOpen
                    profile={active}
                    onClose={() => setQuickOpen(false)}
                    onOpen={(file) => {
                      setQuickOpen(false);
                      setRoute({ view: "tracking", flowId: file.flowId, rfc: file.rfc });
                    }}
                  />
                )}
              </Suspense>
            </ScreenBoundary>
          </main>
        </div>
      </TeamProvider>
    </div>
  );
}

const THEME: Record<ThemeChoice, MessageKey> = { system: "theme.system", light: "theme.light", dark: "theme.dark" };

/** The side navigation: each entry opens its section at its start. "About the service"
 * (diagnostics) is no section of the day's work: a link at the navigation's foot. */
type Section = "watchlist" | "newfile" | "verifications" | "audit" | "lists" | "dashboard" | "team" | "profiles" | "about";

const NAV: { section: Exclude<Section, "about">; label: MessageKey }[] = [
  { section: "watchlist", label: "navWatchlist" },
  { section: "newfile", label: "navNewFile" },
  { section: "verifications", label: "navVerifications" },
  { section: "audit", label: "navAudit" },
  { section: "lists", label: "navLists" },
  { section: "dashboard", label: "navDashboard" },
  { section: "team", label: "navTeam" },
  { section: "profiles", label: "navProfiles" },
];

/** The sections each role works in, in a team (roles guide the work; they are not a
 * security boundary). Alone, a desk has every section but the team's. */
const ROLE_SECTIONS: Record<Role, Section[]> = {
  analyst: ["watchlist", "audit", "lists", "team", "profiles"],
  agent: ["watchlist", "newfile", "audit", "team", "profiles"],
  supervisor: ["watchlist", "newfile", "verifications", "audit", "lists", "dashboard", "team", "profiles"],
};

function NavEntries({ hasTeam, current, go }: { hasTeam: boolean; current: Section; go: (view: Section) => void }) {
  const { t } = useI18n();
  const role = useConnectedTeam()?.role ?? null;
  // Every entry keeps its place from the first paint on: the team's role arrives (or
  // changes) later, so an entry outside the role's work is dimmed where it stands,
  // never removed, and nothing moves under the pointer.
  const shown = NAV.filter((item) => item.section !== "team" || hasTeam);
  return (
    <>
      {shown.map((item) => {
        const here = item.section === current;
        const forRole = item.section === "team" || role === null || ROLE_SECTIONS[role].includes(item.section);
        if (!forRole) {
          return (
            <span
              key={item.section}
              className="sidenav-item unavailable"
              aria-disabled="true"
              title={t("nav.notForRole", { role: role === null ? "" : t(ROLE_WORDS[role]) })}
              data-testid={`nav-${item.section}`}
            >
              {t(item.label)}
            </span>
          );
        }
        return (
          <a
            key={item.section}
            className={here ? "sidenav-item active" : "sidenav-item"}
            aria-current={here ? "page" : undefined}
            href={`#${item.section}`}
            data-testid={`nav-${item.section}`}
            onClick={(event) => {
              event.preventDefault();
              go(item.section);
            }}
          >
            {t(item.label)}
          </a>
        );
      })}
    </>
  );
}

/** Which side-navigation entry a screen belongs to. */
function section(route: Route): Section {
  return route.view === "tracking" || route.view === "detail" || route.view === "review" ? "watchlist" : route.view;
}

/** Every screen but Profiles (which the app draws itself, with the profile book). */
function Screen(props: {
  route: Exclude<Route, { view: "profiles" }>;
  go: (route: Route) => void;
  profile: Profile;
  /** The demo's leads (its folios serve the verifications screen whatever the panel). */
  guide: DemoGuide | null;
  /** The "try this" panel is shown above the watchlist (not hidden by the user). */
  guideShown: boolean;
  onHideGuide: () => void;
}) {
  const { route, go, profile, guide } = props;
  // The tours offered are those of the role's work.
  const role = useConnectedTeam()?.role ?? null;
  switch (route.view) {
    case "verifications":
      return <VerificationsView key={route.folio ?? ""} folio={route.folio} demoFolios={guide?.folios ?? []} />;
    case "audit":
      return <AuditView onOpenFile={(flowId, rfc) => go({ view: "tracking", flowId, rfc })} onOpenFolio={(folio) => go({ view: "verifications", folio })} />;
    case "about":
      return <AboutView />;
    case "lists":
      return <RiskListsView />;
    case "dashboard":
      return <DashboardView />;
    case "team":
      return <TeamView />;
    case "newfile":
      return <NewFileView profile={profile} onOpen={(flowId, rfc) => go({ view: "tracking", flowId, rfc })} />;
    case "watchlist":
      return (
        <>
          {guide && props.guideShown && (
            <TryThis
              guide={guide}
              tours={toursFor(role)}
              on={{
                review: (file) => go({ view: "review", flowId: file.flowId, rfc: file.rfc, documentId: file.documentId }),
                enrollment: (file) => go({ view: "tracking", flowId: file.flowId, rfc: file.rfc }),
                resend: (folio) => go({ view: "verifications", folio }),
                dismiss: props.onHideGuide,
              }}
            />
          )}
          <WatchlistView
            profile={profile}
            atRisk={route.atRisk}
            onOpen={(flowId, rfc) => go({ view: "tracking", flowId, rfc })}
            onReview={(file) => go({ view: "review", ...file })}
          />
        </>
      );
    case "tracking": {
      const file = { flowId: route.flowId, rfc: route.rfc };
      return (
        <TrackingView
          {...file}
          profile={profile}
          onBack={() => go({ view: "watchlist" })}
          onDetail={(documentId) => go({ view: "detail", documentId, file })}
          onReview={(documentId) => go({ view: "review", ...file, documentId })}
        />
      );
    }
    case "detail": {
      const { file, documentId } = route;
      // Without the file's FlowID and RFC there is no tracking to go back to, nor a review.
      return file ? (
        <DetailView
          documentId={documentId}
          back={{ toTracking: true, go: () => go({ view: "tracking", ...file }) }}
          onReview={() => go({ view: "review", ...file, documentId })}
        />
      ) : (
        <DetailView documentId={documentId} back={{ toTracking: false, go: () => go({ view: "watchlist" }) }} />
      );
    }
    case "review": {
      const file = { flowId: route.flowId, rfc: route.rfc };
      const toTracking = () => go({ view: "tracking", ...file });
      return (
        <ReviewView
          key={route.documentId}
          {...file}
          documentId={route.documentId}
          profile={profile}
          onBack={toTracking}
          onDone={toTracking}
          onSent={() => markTourDone("review")}
          onNext={(next) =>
            go(
              next.documentId
                ? { view: "review", flowId: next.flowId, rfc: next.rfc, documentId: next.documentId }
                : { view: "tracking", flowId: next.flowId, rfc: next.rfc },
            )
          }
        />
      );
    }
  }
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
