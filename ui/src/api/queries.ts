// Every read of the backend, by key (TanStack Query): one QueryClient for the app, the
// keys' factories and each read's options (how long its answer stays fresh), so two
// screens asking the same thing share one call, a change says which answers it makes
// stale, and a screen never carries a loader of its own.
import { QueryClient, queryOptions } from "@tanstack/react-query";

import type { AppError } from "../bindings/AppError";
import type { DashboardQuery } from "../bindings/DashboardQuery";
import type { QueueFilter } from "../bindings/QueueFilter";
import { answered, begin } from "../perf";
import { isAppError } from "./appError";
import { evidenceBytes } from "./backend";
import * as commands from "./commands";

declare module "@tanstack/react-query" {
  interface Register {
    // Every command fails with an AppError (commands.ts); a query's own code throws nothing else.
    defaultError: AppError;
  }
}

/** The keys. `app` holds what does not depend on the profile; `profiles` the profile
 * book's side reads; `desk` everything of the active profile (forgotten on a switch),
 * `team` inside it what the team's notices make stale. */
export const keys = {
  appInfo: () => ["app", "info"] as const,
  demoGuide: () => ["app", "demo-guide"] as const,
  policy: () => ["app", "policy"] as const,
  diagnostics: () => ["app", "diagnostics"] as const,
  keyStatuses: (profileIds: readonly string[]) => ["profiles", "key-status", ...profileIds] as const,
  desk: ["desk"] as const,
  watchlist: () => ["desk", "watchlist"] as const,
  tracking: (flowId: string, rfc: string) => ["desk", "tracking", flowId, rfc] as const,
  detail: (documentId: string) => ["desk", "detail", documentId] as const,
  reviewMaterial: (documentId: string) => ["desk", "review-material", documentId] as const,
  /** The risk lists are the profile's (in a team, the team's). */
  riskLists: () => ["desk", "risk-lists"] as const,
  /** A file's evidence and findings as its tracking shows them beside each section. */
  trackingEvidence: (documentId: string) => ["desk", "tracking-evidence", documentId] as const,
  evidenceFile: (handle: string) => ["desk", "evidence-file", handle] as const,
  image: (url: string) => ["desk", "image", url] as const,
  issuedLinks: (documentId: string) => ["desk", "issued-links", documentId] as const,
  verification: (folio: string) => ["desk", "verification", folio] as const,
  photo: (url: string, sha256: string) => ["desk", "photo", url, sha256] as const,
  newFileDraft: () => ["desk", "new-file-draft"] as const,
  audit: () => ["desk", "audit"] as const,
  drift: () => ["desk", "drift"] as const,
  team: ["desk", "team"] as const,
  teamQueues: ["desk", "team", "queue"] as const,
  teamQueue: (filter: QueueFilter) => ["desk", "team", "queue", filter] as const,
  claim: (documentId: string) => ["desk", "team", "claim", documentId.toLowerCase()] as const,
  notes: (documentId: string) => ["desk", "team", "notes", documentId.toLowerCase()] as const,
  members: () => ["desk", "team", "members"] as const,
  trail: () => ["desk", "team", "trail"] as const,
  approvals: () => ["desk", "team", "approvals"] as const,
  mentions: () => ["desk", "team", "mentions"] as const,
  fileHistory: (documentId: string) => ["desk", "team", "history", documentId.toLowerCase()] as const,
  workload: () => ["desk", "team", "workload"] as const,
  savedViews: () => ["desk", "views"] as const,
  sla: ["desk", "sla"] as const,
  /** One board for every screen: the app's notice reads it wherever the analyst is,
   * the watchlist draws its clocks (and reads it again when its list moves on). */
  slaBoard: () => ["desk", "sla", "board"] as const,
  slaPolicy: () => ["desk", "sla", "policy"] as const,
  dashboard: (query: DashboardQuery) => ["desk", "dashboard", query] as const,
};

const MINUTE = 60_000;

/** Reads of the service cost its rate limit: a file's detail a minute old is shown
 * again without asking. A tracking or a verification, whose status is what the user
 * came for, is asked at each opening (the last answer shows meanwhile). */
const SERVICE_FRESH_MS = MINUTE;

/** The team's reads stay fresh until a notice (or this desk's own change) makes them
 * stale; the time only bounds what a lost notice could hide. */
const TEAM_FRESH_MS = 5 * MINUTE;

/** How long one file's answers (its tracking, detail, links, history, images) stay in
 * the cache once no screen shows them: a file reopened within it shows at once, and
 * after it the detail would be asked again anyway (SERVICE_FRESH_MS). TanStack's
 * default, 5 minutes, kept every file of a busy analyst's last 5 minutes: `make bench`
 * counted 808 answers after 200 details (docs/bench/memory.md). */
export const FILE_KEPT_MS = MINUTE;

export const queries = {
  appInfo: () => queryOptions({ queryKey: keys.appInfo(), queryFn: commands.appInfo, staleTime: Number.POSITIVE_INFINITY }),
  demoGuide: () => queryOptions({ queryKey: keys.demoGuide(), queryFn: commands.demoGuide, staleTime: Number.POSITIVE_INFINITY }),
  // Read once at start, as the desk does: a changed file counts at the next start.
  policy: () => queryOptions({ queryKey: keys.policy(), queryFn: commands.policy, staleTime: Number.POSITIVE_INFINITY }),
  keyStatuses: (profileIds: readonly string[]) =>
    queryOptions({
      queryKey: keys.keyStatuses(profileIds),
      queryFn: async () => Object.fromEntries(await Promise.all(profileIds.map(async (id) => [id, await commands.keyStatus(id)] as const))),
    }),
  /** Local records: read again at each screen's opening. */
  watchlist: () => queryOptions({ queryKey: keys.watchlist(), queryFn: commands.watchlist }),
  tracking: (flowId: string, rfc: string) =>
    queryOptions({ queryKey: keys.tracking(flowId, rfc), queryFn: () => commands.tracking(flowId, rfc), gcTime: FILE_KEPT_MS }),
  /** The detail with what changed since the last review (the comparison is extra:
   * without it the detail still shows). */
  detail: (documentId: string) =>
    queryOptions({
      queryKey: keys.detail(documentId),
      queryFn: async () => {
        const answer = await commands.fileDetail(documentId);
        const changes = await commands.detailChanges(documentId).catch(() => null);
        // `make bench` measures from here to the detail painted (DetailView).
        begin("detail");
        return { answer, changes };
      },
      staleTime: SERVICE_FRESH_MS,
      gcTime: FILE_KEPT_MS,
    }),
  /** Fetched and judged by the backend; the same handle is the same bytes. */
  evidenceFile: (handle: string) =>
    queryOptions({
      queryKey: keys.evidenceFile(handle),
      queryFn: async () => {
        const file = await commands.evidenceFile(handle);
        return { file, bytes: await evidenceBytes(handle, file.sha256) };
      },
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: FILE_KEPT_MS,
    }),
  image: (url: string) =>
    queryOptions({ queryKey: keys.image(url), queryFn: () => commands.fetchImage(url), staleTime: Number.POSITIVE_INFINITY, gcTime: FILE_KEPT_MS }),
  issuedLinks: (documentId: string) =>
    queryOptions({ queryKey: keys.issuedLinks(documentId), queryFn: () => commands.issuedLinks(documentId), gcTime: FILE_KEPT_MS }),
  verification: (folio: string) => queryOptions({ queryKey: keys.verification(folio), queryFn: () => commands.verification(folio) }),
  photo: (url: string, sha256: string) =>
    queryOptions({
      queryKey: keys.photo(url, sha256),
      queryFn: () => commands.checkPhoto(url, sha256),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: FILE_KEPT_MS,
    }),
  /** Read at each opening, never kept: the draft changes as it is typed. */
  newFileDraft: () => queryOptions({ queryKey: keys.newFileDraft(), queryFn: commands.loadNewFileDraft, gcTime: 0 }),
  /** The log, newest first, with the chain's check. */
  audit: () =>
    queryOptions({
      queryKey: keys.audit(),
      queryFn: async () => {
        const [read, chain] = await Promise.all([commands.auditEntries(), commands.verifyAudit()]);
        return { entries: [...read.entries].reverse(), unreadable: read.unreadable, chain, unresolved: new Set(read.unresolved) };
      },
    }),
  drift: () => queryOptions({ queryKey: keys.drift(), queryFn: commands.driftReport }),
  /** Gathered anew at each opening, never kept: what is shown is what is then saved. */
  diagnostics: () => queryOptions({ queryKey: keys.diagnostics(), queryFn: commands.previewDiagnostics, gcTime: 0, staleTime: 0 }),
  teamQueue: (filter: QueueFilter) => queryOptions({ queryKey: keys.teamQueue(filter), queryFn: () => commands.teamQueue(filter), staleTime: TEAM_FRESH_MS }),
  notes: (documentId: string) => queryOptions({ queryKey: keys.notes(documentId), queryFn: () => commands.fileNotes(documentId), staleTime: TEAM_FRESH_MS }),
  members: () => queryOptions({ queryKey: keys.members(), queryFn: commands.teamMembers, staleTime: TEAM_FRESH_MS }),
  trail: () => queryOptions({ queryKey: keys.trail(), queryFn: commands.teamTrail, staleTime: TEAM_FRESH_MS }),
  approvals: () => queryOptions({ queryKey: keys.approvals(), queryFn: commands.openApprovals, staleTime: TEAM_FRESH_MS }),
  /** Every member's open files, cap and absence (a member's files or a change of cap makes it stale). */
  workload: () => queryOptions({ queryKey: keys.workload(), queryFn: commands.teamWorkload, staleTime: TEAM_FRESH_MS }),
  /** This member's mentions not yet shown (none on one desk). */
  mentions: () => queryOptions({ queryKey: keys.mentions(), queryFn: () => commands.myMentions(true), staleTime: TEAM_FRESH_MS }),
  /** Read at each opening: on one desk this desk's own acts change it, with no notice. */
  fileHistory: (documentId: string) =>
    queryOptions({ queryKey: keys.fileHistory(documentId), queryFn: () => commands.fileHistory(documentId), gcTime: FILE_KEPT_MS }),
  savedViews: () => queryOptions({ queryKey: keys.savedViews(), queryFn: commands.savedViews, staleTime: TEAM_FRESH_MS }),
  // A clock moves without any change to the files: read each minute.
  slaBoard: () => queryOptions({ queryKey: keys.slaBoard(), queryFn: commands.slaBoard, refetchInterval: MINUTE }),
  slaPolicy: () => queryOptions({ queryKey: keys.slaPolicy(), queryFn: commands.slaPolicy }),
  /** Computed from the trail at each opening (`make bench` measures from the ask to the charts drawn). */
  dashboard: (query: DashboardQuery) =>
    queryOptions({
      queryKey: keys.dashboard(query),
      queryFn: () => {
        begin("dashboard");
        return commands.dashboard(query).then((figures) => {
          answered("dashboard");
          return figures;
        });
      },
      // Not kept once off screen: figures of before are not shown as today's, and each
      // filter asked again is computed (and measured) afresh.
      gcTime: 0,
    }),
};

/** A failure is retried only when it is no answer of the backend's: an AppError is the
 * user's or the service's verdict, and the backend already retried what is safe to. */
export function shouldRetry(failures: number, error: unknown): boolean {
  return !isAppError(error) && failures < 2;
}

/** The app's client: a desktop window over a rate-limited service, so nothing is asked
 * again because the window got the focus or the network came back (the backend, not
 * the page, knows the network), and a read is asked even when the page thinks it is
 * offline. */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, refetchOnReconnect: false, networkMode: "always", retry: shouldRetry },
      // A change is sent once: never retried by the page (GUIDE: state-changing requests).
      mutations: { networkMode: "always", retry: false },
    },
  });
}

/** Drops every answer of the active profile's (a switch, or its settings changed): the
 * next profile's screens read their own. */
export function forgetDesk(client: QueryClient) {
  client.removeQueries({ queryKey: keys.desk });
}

/** The answers the team's notices make stale: read again by the screens showing them. */
export function teamChanged(client: QueryClient) {
  return client.invalidateQueries({ queryKey: keys.team });
}
