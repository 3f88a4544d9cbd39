//! What the window asks the dashboard for: a period of days and, optionally, one
//! analyst and one flow.

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
use serde::Deserialize;
use ts_rs::TS;

use crate::error::{AppError, AppResult, DeskCode};

#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct DashboardQuery {
    /// First day counted, `YYYY-MM-DD`; none: from the trail's start.
    pub from: Option<String>,
    /// Last day counted, included; none: up to now.
    pub to: Option<String>,
    /// Only this analyst's decisions (the trail's `agent_email` or member).
    pub analyst: Option<String>,
    /// Only files of this FlowID (as the queue knows them: a decision on a file the
    /// queue does not hold has no known flow, and a flow filter leaves it out).
    pub flow: Option<String>,
    /// The window's offset from UTC in minutes, east positive (Mexico City: -360): a
    /// decision's day is the analyst's day, not UTC's.
    pub utc_offset_minutes: i32,
}

/// A query read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub analyst: Option<String>,
    pub flow: Option<String>,
    pub zone: FixedOffset,
}

fn day(text: &Option<String>) -> AppResult<Option<NaiveDate>> {
    match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| AppError::new(DeskCode::InvalidInput, "a period's day is YYYY-MM-DD")),
    }
}

fn chosen(text: &Option<String>) -> Option<String> {
    text.as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

impl DashboardQuery {
    /// Refused as `invalid_input`: a day not written `YYYY-MM-DD`, a period that ends
    /// before it starts, an offset beyond ±14 hours.
    pub fn period(&self) -> AppResult<Period> {
        let (from, to) = (day(&self.from)?, day(&self.to)?);
        if let (Some(from), Some(to)) = (from, to)
            && to < from
        {
            return Err(AppError::new(
                DeskCode::InvalidInput,
                "the period ends before it starts",
            ));
        }
        let zone = FixedOffset::east_opt(self.utc_offset_minutes.saturating_mul(60))
            .filter(|_| self.utc_offset_minutes.abs() <= 14 * 60)
            .ok_or_else(|| AppError::new(DeskCode::InvalidInput, "no such time zone offset"))?;
        Ok(Period {
            from,
            to,
            analyst: chosen(&self.analyst),
            flow: chosen(&self.flow),
            zone,
        })
    }
}

impl Period {
    /// The analyst's day of an instant.
    pub fn day_of(&self, at: DateTime<Utc>) -> NaiveDate {
        at.with_timezone(&self.zone).date_naive()
    }

    pub fn holds(&self, day: NaiveDate) -> bool {
        self.from.is_none_or(|from| from <= day) && self.to.is_none_or(|to| day <= to)
    }
}
