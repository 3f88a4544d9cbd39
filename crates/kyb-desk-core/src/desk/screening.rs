//! The desk's watchlists: importing one (from files the user picked, or the address
//! the managed policy names), their
//! provenance, what a review screens against, and the analyst's dispositions of hits,
//! each kept in the audit log (and, in a team, in the team's trail).

use std::path::PathBuf;

use serde::Deserialize;
use ts_rs::TS;

use super::Desk;
use crate::audit::{AuditTarget, DeskEvent};
use crate::error::{AppError, AppResult, DeskCode, Details, Failure, Rule, Task};
use crate::evidence::CheckContext;
use crate::evidence::identity::Screening;
use crate::images::ImageFetcher;
use crate::policy::checks::ListSource;
use crate::screening::ListFormat;
use crate::screening::dispositions::{Disposition, HitVerdict, REASON_MAX_CHARS};
use crate::screening::formats::{ListProblem, MAX_FILE_BYTES};
use crate::screening::store::{ImportError, ImportOf, ListInfo, ListOrigin};

/// What the window asks to import: a format and the files the user picked.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ListImport {
    pub format: ListFormat,
    pub paths: Vec<String>,
}

/// An import's outcome: the list kept, and the followed files screened again against it
/// (from the newest detail the desk keeps of each), with the hits that are new.
#[derive(Debug, Clone, serde::Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportedList {
    pub info: ListInfo,
    /// Followed files screened again.
    pub rescreened: u32,
    pub new_hits: Vec<NewHit>,
}

/// How far an import has come, for the window's progress bar: its stage, and what of
/// it is done (bytes read, rows published, files screened; `total` 0 while unknown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportProgress {
    pub stage: ImportStage,
    #[ts(type = "number")]
    pub done: u64,
    #[ts(type = "number")]
    pub total: u64,
}

impl ImportProgress {
    fn of(stage: ImportStage, done: u64, total: u64) -> Self {
        Self { stage, done, total }
    }
}

/// An import's stages, in order (a stage that does not apply is skipped).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ImportStage {
    /// The offered address's file being downloaded.
    Downloading,
    /// The picked files being read: bytes.
    Reading,
    /// The rows being read, checked and indexed.
    Checking,
    /// The team's copy being written: rows.
    Publishing,
    /// The followed files being screened again: files.
    Rescreening,
}

/// The risk lists page: what is imported, and the addresses a list may come from.
#[derive(Debug, Clone, serde::Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RiskListPage {
    pub lists: Vec<ListInfo>,
    pub sources: Vec<ListSource>,
}

/// A hit a new list version raised on a followed file.
#[derive(Debug, Clone, serde::Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NewHit {
    pub document_id: String,
    pub company: Option<String>,
    pub party: String,
    pub row: String,
    pub score: u32,
}

/// The analyst's disposition of one hit of a file's party.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DisposeHit {
    pub document_id: String,
    pub list: ListFormat,
    pub row: String,
    pub party_key: String,
    pub party: String,
    pub verdict: HitVerdict,
    pub reason: String,
}

/// A picked file that cannot be read, named.
fn unreadable_file(path: &std::path::Path, e: std::io::Error) -> AppError {
    AppError::storage(Task::ReadLists, e).with_details(Details::Path {
        path: path.display().to_string(),
    })
}

/// A file's bytes, read a few MiB at a time, `read` hearing how many so far.
async fn read_counting(path: &std::path::Path, read: impl Fn(u64)) -> AppResult<Vec<u8>> {
    use tokio::io::AsyncReadExt;
    const STEP: usize = 4 * 1024 * 1024;
    let mut file = tokio::fs::File::open(path)
        .await
        .map_err(|e| unreadable_file(path, e))?;
    let mut bytes = Vec::new();
    loop {
        let before = bytes.len();
        bytes.reserve(STEP);
        let n = (&mut file)
            .take(STEP as u64)
            .read_to_end(&mut bytes)
            .await
            .map_err(|e| unreadable_file(path, e))?;
        if n == 0 {
            return Ok(bytes);
        }
        if bytes.len() > MAX_FILE_BYTES {
            return Err(list_refused(
                ListProblem::TooLarge,
                None,
                format!("over {MAX_FILE_BYTES} bytes"),
            ));
        }
        read(bytes.len() as u64);
        debug_assert!(bytes.len() > before);
    }
}

fn list_refused(problem: ListProblem, line: Option<u64>, detail: String) -> AppError {
    AppError::new(DeskCode::ListUnreadable, detail).with_details(Details::ListUnreadable {
        problem,
        line: line.and_then(|l| u32::try_from(l).ok()),
    })
}

impl Desk {
    /// The policy's thresholds, and the lists and dispositions a review screens with
    /// (in a team, the team's lists, brought up to its published versions first).
    pub(super) async fn check_context(&self) -> AppResult<CheckContext> {
        let mut ctx = CheckContext::now(self.policy.checks());
        let profile = self.active_profile()?;
        self.mirror_team_lists(&profile).await?;
        let lists = self.lists.lists(&profile.id)?;
        if !lists.is_empty() {
            ctx.screening = Some(Screening {
                lists,
                dispositions: self.dispositions.all()?,
            });
        }
        Ok(ctx)
    }

    /// The imported lists' provenance (in a team, the team's).
    pub async fn risk_lists(&self) -> AppResult<Vec<ListInfo>> {
        let profile = self.active_profile()?;
        self.mirror_team_lists(&profile).await?;
        self.lists.infos(&profile.id)
    }

    /// In a team, keeps this desk's copy of the team's lists the versions the team
    /// published: a new version's rows are read once, a list the team has not is
    /// dropped, so every desk screens against the same rows. Alone, nothing.
    async fn mirror_team_lists(&self, profile: &crate::profiles::Profile) -> AppResult<()> {
        let Some(team) = self.team_if_any(profile).await? else {
            return Ok(());
        };
        let published = team.lists().await.map_err(super::team_error)?;
        let have = self.lists.infos(&profile.id)?;
        let mut kept = Vec::new();
        for list in published {
            let Ok(format) =
                serde_json::from_value::<ListFormat>(serde_json::Value::from(list.format.clone()))
            else {
                continue;
            };
            let Ok(mut info) = serde_json::from_value::<ListInfo>(list.info.clone()) else {
                tracing::warn!(
                    format = list.format,
                    "a team list whose provenance this desk cannot read"
                );
                continue;
            };
            info.format = format;
            info.version = u32::try_from(list.version).unwrap_or(0);
            info.rows = u32::try_from(list.rows).unwrap_or(0);
            info.imported_by = list.imported_by.clone();
            info.imported_at = list.imported_at.clone();
            kept.push(format);
            if have
                .iter()
                .any(|h| h.format == format && h.version == info.version && h.sha256 == info.sha256)
            {
                continue;
            }
            let rows = team
                .list_rows(&list.format, list.version)
                .await
                .map_err(super::team_error)?;
            let entries: Vec<crate::screening::ListEntry> = rows
                .into_iter()
                .filter_map(|r| serde_json::from_value(r).ok())
                .collect();
            if entries.len() != info.rows as usize {
                tracing::warn!(
                    format = list.format,
                    "a team list whose rows this desk cannot all read: kept as it was"
                );
                continue;
            }
            self.lists.keep(&profile.id, &info, &entries)?;
        }
        for old in have.iter().filter(|h| !kept.contains(&h.format)) {
            self.lists.forget(&profile.id, old.format)?;
        }
        Ok(())
    }

    /// The active profile, and who imports or disposes as the records name them: its
    /// agent e-mail, or its name when it has none.
    fn actor(&self) -> AppResult<(crate::profiles::Profile, String)> {
        let profile = self.active_profile()?;
        let by = if profile.agent_email.trim().is_empty() {
            profile.name.clone()
        } else {
            profile.agent_email.clone()
        };
        Ok((profile, by))
    }

    /// Imports the files as the current version of a list. A file that is no list of
    /// the format is refused with what is wrong and where; the version before stays.
    /// `progress` hears each stage as it goes (the bytes read, the rows published, the
    /// files screened again).
    pub async fn import_list(
        &self,
        import: ListImport,
        progress: &(dyn Fn(ImportProgress) + Sync),
    ) -> AppResult<ImportedList> {
        // No profile, nothing read.
        self.actor()?;
        if import.paths.is_empty() {
            return Err(list_refused(
                ListProblem::MissingFile,
                None,
                "no file".into(),
            ));
        }
        let paths: Vec<PathBuf> = import.paths.iter().map(PathBuf::from).collect();
        let mut total = 0u64;
        for path in &paths {
            let size = tokio::fs::metadata(path)
                .await
                .map_err(|e| unreadable_file(path, e))?
                .len();
            if size > MAX_FILE_BYTES as u64 {
                return Err(list_refused(
                    ListProblem::TooLarge,
                    None,
                    format!("{size} bytes"),
                ));
            }
            total += size;
        }
        let mut files = Vec::new();
        let mut done = 0u64;
        for path in &paths {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let bytes = read_counting(path, |read| {
                progress(ImportProgress::of(ImportStage::Reading, done + read, total));
            })
            .await?;
            done += bytes.len() as u64;
            files.push((name, bytes));
        }
        let names = files.iter().map(|(n, _)| n.clone()).collect();
        self.import_files(import.format, files, ListOrigin::Files { names }, progress)
            .await
    }

    /// The addresses a list may be imported from: the managed policy's, then those
    /// the demo's sandbox offers.
    pub fn list_sources(&self) -> Vec<ListSource> {
        let mut sources = self.policy.checks().lists;
        sources.extend(
            self.offered_lists
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .iter()
                .cloned(),
        );
        sources
    }

    /// Offers addresses to import lists from beside the policy's (the demo's sandbox,
    /// which serves its lists as a publisher would).
    pub fn offer_list_sources(&self, sources: Vec<ListSource>) {
        *self.offered_lists.lock().unwrap_or_else(|p| p.into_inner()) = sources;
    }

    /// The lists page: the lists imported and the addresses offered.
    pub async fn risk_list_page(&self) -> AppResult<RiskListPage> {
        Ok(RiskListPage {
            lists: self.risk_lists().await?,
            sources: self.list_sources(),
        })
    }

    /// Imports the list of `format` from the first address offered for it
    /// ([`Self::list_sources`]), downloaded by `fetcher` under the evidence's rules
    /// (https, public addresses, no redirect, [`MAX_FILE_BYTES`] at most); only when the
    /// user asks: the desk fetches no list on its own.
    pub async fn import_list_from(
        &self,
        format: ListFormat,
        fetcher: &ImageFetcher,
        progress: &(dyn Fn(ImportProgress) + Sync),
    ) -> AppResult<ImportedList> {
        self.actor()?;
        let source = self
            .list_sources()
            .into_iter()
            .find(|s| s.format == format)
            .ok_or_else(|| {
                list_refused(
                    ListProblem::MissingFile,
                    None,
                    "no address offered for this list".into(),
                )
            })?;
        progress(ImportProgress::of(ImportStage::Downloading, 0, 0));
        let mut files = Vec::new();
        for address in std::iter::once(&source.url).chain(source.aliases_url.as_ref()) {
            let url = reqwest::Url::parse(address).map_err(|_| {
                AppError::of(DeskCode::UnsafeAddress)
                    .with_details(Details::UnsafeAddress {
                        address: address.clone(),
                    })
                    .during(Task::FetchList)
            })?;
            let (_, bytes) = fetcher
                .download_capped(&url, MAX_FILE_BYTES, Task::FetchList, false)
                .await?;
            let name = url
                .path_segments()
                .and_then(|mut s| s.next_back().map(str::to_owned))
                .unwrap_or_default();
            files.push((name, bytes));
        }
        self.import_files(
            format,
            files,
            ListOrigin::Address { url: source.url },
            progress,
        )
        .await
    }

    /// [`Self::import_list`] of files already read (the demo's, which the sandbox
    /// writes).
    pub async fn import_list_files(
        &self,
        format: ListFormat,
        files: Vec<(String, Vec<u8>)>,
    ) -> AppResult<ImportedList> {
        let names = files.iter().map(|(n, _)| n.clone()).collect();
        self.import_files(format, files, ListOrigin::Files { names }, &|_| {})
            .await
    }

    async fn import_files(
        &self,
        format: ListFormat,
        files: Vec<(String, Vec<u8>)>,
        origin: ListOrigin,
        progress: &(dyn Fn(ImportProgress) + Sync),
    ) -> AppResult<ImportedList> {
        let (profile, by) = self.actor()?;
        let team = self.team_if_any(&profile).await?;
        if team.is_some() {
            self.mirror_team_lists(&profile).await?;
        }
        let _one = self.lists.one_import().await;
        progress(ImportProgress::of(ImportStage::Checking, 0, 0));
        let prepared = self
            .lists
            .prepare(
                &profile.id,
                ImportOf {
                    format,
                    files,
                    origin,
                    by: &by,
                    now: kyb_api::time::instant_text(chrono::Utc::now()),
                },
            )
            .map_err(|e| match e {
                ImportError::List(e) => list_refused(e.problem, e.line, e.detail),
                ImportError::Desk(e) => e,
            })?;
        let mut info = prepared.info;
        let summary = |info: &ListInfo| {
            format!(
                "{} v{}: {} filas, publicada {}, SHA-256 {}",
                info.publisher,
                info.version,
                info.rows,
                info.published.as_deref().unwrap_or("sin fecha"),
                info.sha256
            )
        };
        // In a team the list is the team's: published whole (a supervisor's), its
        // version the team's, its importer the member's login; then kept here as the
        // others will keep it.
        if let Some(team) = &team {
            let rows: Vec<serde_json::Value> = prepared
                .entries
                .iter()
                .filter_map(|e| serde_json::to_value(e).ok())
                .collect();
            let described =
                serde_json::to_value(&info).map_err(|e| AppError::storage(Task::SaveLists, e))?;
            let format_name = serde_json::to_value(format)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            let total = rows.len() as u64;
            progress(ImportProgress::of(ImportStage::Publishing, 0, total));
            let sent =
                |n: usize| progress(ImportProgress::of(ImportStage::Publishing, n as u64, total));
            let version = team
                .publish_list(&format_name, &described, &rows, &summary(&info), &sent)
                .await
                .map_err(super::team_error)?;
            info.version = u32::try_from(version).unwrap_or(0);
            info.imported_by = team.member().to_owned();
        }
        self.lists.keep(&profile.id, &info, &prepared.entries)?;
        let summary = summary(&info);
        self.append_event(
            &profile,
            DeskEvent::ListImported,
            info.publisher.as_str(),
            AuditTarget::Other {
                text: info.publisher.clone(),
            },
            summary,
        )?;
        let (rescreened, new_hits) = self.rescreen(&profile, info.format, progress).await?;
        Ok(ImportedList {
            info,
            rescreened,
            new_hits,
        })
    }

    /// Screens every followed file again, from the newest detail kept of it, and keeps
    /// its risk; the hits on `format`'s list that its last risk did not count are new.
    async fn rescreen(
        &self,
        profile: &crate::profiles::Profile,
        format: ListFormat,
        progress: &(dyn Fn(ImportProgress) + Sync),
    ) -> AppResult<(u32, Vec<NewHit>)> {
        let ctx = self.check_context().await?;
        let mut rescreened = 0;
        let mut new_hits = Vec::new();
        let followed = self.watchlist.list(&profile.id)?;
        let total = followed.len() as u64;
        for (at, file) in followed.into_iter().enumerate() {
            progress(ImportProgress::of(
                ImportStage::Rescreening,
                at as u64,
                total,
            ));
            let Some(document_id) = file.document_id.clone() else {
                continue;
            };
            let Some(detail) = self.history.newest(&profile.id, &document_id)? else {
                continue;
            };
            let evidence = crate::evidence::gather(Some(&detail), None, &ctx, |_| String::new());
            let risk = crate::watchlist::FileRisk::of(&evidence);
            let before = file.risk.as_ref().map_or(0, |r| r.hits);
            if risk.hits > before {
                new_hits.extend(
                    evidence
                        .hits
                        .iter()
                        .filter(|h| h.list == format && h.disposition.is_none())
                        .map(|h| NewHit {
                            document_id: document_id.clone(),
                            company: file.company_name.clone(),
                            party: h.party.clone(),
                            row: h.row.clone(),
                            score: h.score,
                        }),
                );
            }
            self.watchlist.set_risk(&profile.id, &document_id, risk)?;
            rescreened += 1;
        }
        progress(ImportProgress::of(ImportStage::Rescreening, total, total));
        Ok((rescreened, new_hits))
    }

    /// Keeps the analyst's disposition of a hit (a reason is required), in the audit
    /// log, and in the team's trail when the profile works in a team.
    pub async fn dispose_hit(&self, request: DisposeHit) -> AppResult<Disposition> {
        let (profile, by) = self.actor()?;
        let reason = request.reason.trim().to_owned();
        if reason.is_empty() || reason.chars().count() > REASON_MAX_CHARS {
            let failure = if reason.is_empty() {
                Failure::new("reason", Rule::Required)
            } else {
                Failure::new("reason", Rule::TooLong).with_limit(REASON_MAX_CHARS as u32)
            };
            return Err(AppError::invalid(vec![failure]));
        }
        let document_id = request.document_id.trim().to_lowercase();
        let disposition = Disposition {
            list: request.list,
            row: request.row.clone(),
            party_key: request.party_key.clone(),
            verdict: request.verdict,
            reason: reason.clone(),
            by,
            at: kyb_api::time::instant_text(chrono::Utc::now()),
            document_id: document_id.clone(),
        };
        let summary = format!(
            "{}: {} en {} (fila {}): {}",
            request.verdict.words(),
            request.party,
            request.list.publisher(),
            request.row,
            reason
        );
        if let Some(team) = self.team_if_any(&profile).await? {
            team.hit_disposed(&document_id, &summary)
                .await
                .map_err(super::team_error)?;
        }
        self.append_event(
            &profile,
            DeskEvent::HitDisposed,
            &document_id,
            AuditTarget::File {
                document_id: document_id.clone(),
            },
            summary,
        )?;
        self.dispositions.add(disposition.clone())?;
        Ok(disposition)
    }
}
