//! Watchlists the desk screens a file's parties against: the SAT's 69-B and article 69
//! lists, OFAC's SDN list, the UN Security Council's consolidated list and
//! OpenSanctions' simple targets. A list is data the user or IT brings: read from a
//! file the user picks or from an address the managed policy names, only when the user
//! asks, and never sent anywhere.
//!
//! - [`formats`] reads each publisher's format into [`ListEntry`]s, whole or not at all;
//! - [`names`] folds and scores names, for every list and the file's own checks;
//! - [`index`] finds a party's hits among a million rows;
//! - [`store`] keeps the imported lists with their provenance.

pub mod dispositions;
pub mod formats;
mod hit;
pub mod index;
pub mod names;
pub mod rows;
pub mod screen;
pub mod store;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A list's format, by its publisher's file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ListFormat {
    /// The SAT's `Listado_Completo_69-B.csv`: taxpayers presumed or found to invoice
    /// simulated operations (Código Fiscal de la Federación, art. 69-B).
    Sat69b,
    /// The SAT's article 69 lists (`Cancelados.csv`, `No_localizados.csv`, `Firmes.csv`,
    /// …): unpaid or cancelled tax credits, taxpayers not located, sentences.
    Sat69,
    /// OFAC's Specially Designated Nationals list: `sdn.csv`, with `alt.csv`'s aliases.
    OfacSdn,
    /// The UN Security Council's consolidated list (`consolidated.xml`).
    UnConsolidated,
    /// OpenSanctions' `targets.simple.csv`.
    OpenSanctions,
}

impl ListFormat {
    pub fn publisher(self) -> &'static str {
        match self {
            Self::Sat69b | Self::Sat69 => "SAT",
            Self::OfacSdn => "OFAC (U.S. Department of the Treasury)",
            Self::UnConsolidated => "United Nations Security Council",
            Self::OpenSanctions => "OpenSanctions",
        }
    }

    /// Whether its rows are sanctions (a hit is high), rather than tax standing.
    pub fn sanctions(self) -> bool {
        matches!(
            self,
            Self::OfacSdn | Self::UnConsolidated | Self::OpenSanctions
        )
    }
}

/// Who a row names, where the list says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Party {
    Person,
    Company,
    Unknown,
}

/// One row of a list: its own identifier in the list, every name it goes by, an RFC
/// when it gives one, and its standing in the list's words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ListEntry {
    /// The list's own key for the row (`No`, `ent_num`, `DATAID`, `id`), or its line.
    pub row: String,
    /// The first is the row's name; the rest its aliases.
    pub names: Vec<String>,
    pub rfc: Option<String>,
    pub party: Party,
    /// The row's standing as the list writes it ("Definitivo", "SDGT", "TAi.123").
    pub status: Option<String>,
    /// The list says the row no longer stands (69-B's "Desvirtuado", "Sentencia
    /// favorable"): a hit is still shown, at low severity.
    pub cleared: bool,
}

/// A list as read: its entries and what its file says of itself.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadList {
    pub entries: Vec<ListEntry>,
    /// The publication date the file carries ("Información actualizada al …",
    /// `dateGenerated`), as written.
    pub published: Option<String>,
}
