//! Saved views: a member's named filters of the queue, which the member may
//! share with the workspace. The filter is a typed struct checked here, in one place,
//! for both the team's database (migration 0008) and a desk that works alone (the
//! desk's local records): a name and a query of bounded length without control
//! characters, categories once each. Who owns a view, who sees it and who may change
//! it is the database's decision (`session_user`), never this crate's.

use kyb_api::file::StatusCategory;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{Team, TeamError, TeamResult};

/// The longest view name, in characters (the database checks it too).
pub const VIEW_NAME_MAX: usize = 80;
/// The longest search text a view keeps, in characters.
pub const VIEW_QUERY_MAX: usize = 100;
/// The most views one member keeps in a workspace (the database refuses more).
pub const VIEWS_MAX: usize = 50;

/// Time since a file last changed at the service, in the overview's buckets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum AgeBucket {
    Today,
    Days1to3,
    Days4to7,
    Older,
    Unknown,
}

/// The queue's filter as a view keeps it (the window's watchlist filter).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ViewFilter {
    /// Matches RFC, company name or DocumentId, ignoring case and accents.
    pub query: String,
    /// Only these categories; empty means all.
    pub categories: Vec<StatusCategory>,
    pub only_changed: bool,
    /// Only files whose last change falls in this bucket; none: any.
    pub age: Option<AgeBucket>,
    /// Only files whose last review found risk at this level or above; none: any.
    /// Absent in views saved before it, which read as any.
    #[serde(default)]
    pub min_risk: Option<RiskFloor>,
}

/// The lowest risk a view shows (the review's severities, above "low").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum RiskFloor {
    Medium,
    High,
}

/// A saved view as a member sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SavedView {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    /// The member who saved it; none on a desk that works alone.
    pub owner: Option<String>,
    /// This member's own: only its owner changes, shares or deletes it.
    pub mine: bool,
    /// Visible to the whole workspace.
    pub shared: bool,
    pub filter: ViewFilter,
    /// RFC 3339, UTC.
    pub updated_at: String,
}

/// A text of 1 to `max` characters without control characters, trimmed; `None` if not.
fn bounded(text: &str, max: usize, may_be_empty: bool) -> Option<String> {
    let text = text.trim();
    let count = text.chars().count();
    ((may_be_empty || count > 0) && count <= max && !text.chars().any(char::is_control))
        .then(|| text.to_owned())
}

/// A view's name as it is kept (trimmed), or `BadText`.
pub fn view_name(name: &str) -> TeamResult<String> {
    bounded(name, VIEW_NAME_MAX, false).ok_or(TeamError::BadText)
}

impl ViewFilter {
    /// The filter as it is kept: the query trimmed and bounded, each category once (in
    /// the order given); `BadText` for a query too long or with control characters.
    pub fn checked(&self) -> TeamResult<Self> {
        let query = bounded(&self.query, VIEW_QUERY_MAX, true).ok_or(TeamError::BadText)?;
        let mut categories: Vec<StatusCategory> = Vec::with_capacity(self.categories.len());
        for category in &self.categories {
            if !categories.contains(category) {
                categories.push(*category);
            }
        }
        Ok(Self {
            query,
            categories,
            only_changed: self.only_changed,
            age: self.age,
            min_risk: self.min_risk,
        })
    }

    /// A filter as another desk (perhaps a newer one) wrote it, read tolerantly: a
    /// field missing or of a kind this desk does not know is left at "any", and an
    /// unknown category is dropped, so a view still opens with what this desk knows.
    pub fn read(value: &serde_json::Value) -> Self {
        let field = |name: &str| value.get(name).cloned().unwrap_or_default();
        let query = field("query")
            .as_str()
            .and_then(|q| bounded(q, VIEW_QUERY_MAX, true))
            .unwrap_or_default();
        let categories = field("categories")
            .as_array()
            .map(|all| {
                all.iter()
                    .filter_map(|c| serde_json::from_value(c.clone()).ok())
                    .collect()
            })
            .unwrap_or_default();
        let filter = Self {
            query,
            categories,
            only_changed: field("onlyChanged").as_bool().unwrap_or(false),
            age: serde_json::from_value(field("age")).ok(),
            min_risk: serde_json::from_value(field("minRisk")).ok(),
        };
        filter.checked().unwrap_or_default()
    }
}

#[derive(sqlx::FromRow)]
struct ViewRow {
    id: i64,
    owner: String,
    name: String,
    filter: serde_json::Value,
    shared: bool,
    updated_at: String,
}

impl Team {
    /// This member's views and the workspace's shared ones: their own first, then by
    /// name.
    pub async fn saved_views(&self) -> TeamResult<Vec<SavedView>> {
        let rows = sqlx::query_as::<_, ViewRow>(
            "SELECT id, owner, name, filter, shared,
                    to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') AS updated_at
             FROM team_saved_views_v WHERE workspace_id = $1
             ORDER BY owner <> session_user, lower(name), id",
        )
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(rows
            .into_iter()
            .map(|row| SavedView {
                id: row.id,
                mine: row.owner == self.me.login,
                owner: Some(row.owner),
                name: row.name,
                shared: row.shared,
                filter: ViewFilter::read(&row.filter),
                updated_at: row.updated_at,
            })
            .collect())
    }

    /// Saves this member's view under `name` (over their own view of that name, in any
    /// case); its id.
    pub async fn save_view(
        &self,
        name: &str,
        filter: &ViewFilter,
        shared: bool,
    ) -> TeamResult<i64> {
        let name = view_name(name)?;
        let filter = serde_json::to_value(filter.checked()?).map_err(|_| TeamError::BadText)?;
        sqlx::query_scalar("SELECT team_save_view($1, $2, $3, $4)")
            .bind(&self.workspace)
            .bind(name)
            .bind(filter)
            .bind(shared)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)
    }

    /// Shares this member's own view with the workspace, or takes it back.
    pub async fn share_view(&self, id: i64, shared: bool) -> TeamResult<()> {
        sqlx::query("SELECT team_share_view($1, $2, $3)")
            .bind(&self.workspace)
            .bind(id)
            .bind(shared)
            .execute(&self.pool)
            .await
            .map(|_| ())
            .map_err(TeamError::of)
    }

    /// Deletes this member's own view.
    pub async fn delete_view(&self, id: i64) -> TeamResult<()> {
        sqlx::query("SELECT team_delete_view($1, $2)")
            .bind(&self.workspace)
            .bind(id)
            .execute(&self.pool)
            .await
            .map(|_| ())
            .map_err(TeamError::of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filter_is_kept_trimmed_with_each_category_once() {
        let filter = ViewFilter {
            query: "  acme ".into(),
            categories: vec![
                StatusCategory::Queued,
                StatusCategory::InReview,
                StatusCategory::Queued,
            ],
            only_changed: true,
            age: Some(AgeBucket::Days4to7),
            min_risk: Some(RiskFloor::High),
        };
        let kept = filter.checked().unwrap();
        assert_eq!(kept.query, "acme");
        assert_eq!(
            kept.categories,
            [StatusCategory::Queued, StatusCategory::InReview]
        );
        let json = serde_json::to_value(&kept).unwrap();
        assert_eq!(json["age"], "days4to7");
        assert_eq!(json["onlyChanged"], true);
        assert_eq!(json["minRisk"], "high");
        assert_eq!(ViewFilter::read(&json), kept);
    }

    #[test]
    fn a_query_or_name_too_long_or_with_control_characters_is_refused() {
        let long = ViewFilter {
            query: "x".repeat(VIEW_QUERY_MAX + 1),
            ..ViewFilter::default()
        };
        assert!(matches!(long.checked(), Err(TeamError::BadText)));
        let control = ViewFilter {
            query: "a\u{7}b".into(),
            ..ViewFilter::default()
        };
        assert!(matches!(control.checked(), Err(TeamError::BadText)));
        assert!(matches!(view_name("   "), Err(TeamError::BadText)));
        assert!(matches!(
            view_name(&"v".repeat(VIEW_NAME_MAX + 1)),
            Err(TeamError::BadText)
        ));
        assert!(matches!(view_name("a\nb"), Err(TeamError::BadText)));
        assert_eq!(
            view_name(&"ñ".repeat(VIEW_NAME_MAX))
                .unwrap()
                .chars()
                .count(),
            VIEW_NAME_MAX
        );
        assert_eq!(view_name(" Vencidos ").unwrap(), "Vencidos");
    }

    #[test]
    fn a_filter_from_another_desk_is_read_with_what_this_desk_knows() {
        let json = serde_json::json!({
            "query": 7,
            "categories": ["queued", "a_status_of_tomorrow", "queued"],
            "onlyChanged": "yes",
            "age": "decades",
            "sort": "due"
        });
        assert_eq!(
            ViewFilter::read(&json),
            ViewFilter {
                categories: vec![StatusCategory::Queued],
                ..ViewFilter::default()
            }
        );
        let hostile = serde_json::json!({ "query": "x".repeat(500) });
        assert_eq!(ViewFilter::read(&hostile).query, "");
    }
}
