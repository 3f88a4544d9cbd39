//! The dashboard's figures as CSV (through [`crate::csv_export`], so a reason that
//! begins like a formula is written as text): one figure a line, with the period and
//! filters asked for first, so a file read later says what it counted.

use super::{Dashboard, Period};
use crate::error::AppResult;

const HEADER: [&str; 4] = ["figura", "detalle", "analista", "valor"];

fn row(figure: &str, detail: &str, analyst: &str, value: impl ToString) -> [String; 4] {
    [
        figure.to_owned(),
        detail.to_owned(),
        analyst.to_owned(),
        value.to_string(),
    ]
}

fn optional(value: Option<u32>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// The CSV text and how many figure rows it holds.
pub fn to_csv(dashboard: &Dashboard, period: &Period) -> AppResult<(String, u32)> {
    let day = |d: Option<chrono::NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
    let mut rows = vec![
        row("periodo_desde", "", "", day(period.from)),
        row("periodo_hasta", "", "", day(period.to)),
        row(
            "filtro_analista",
            "",
            "",
            period.analyst.clone().unwrap_or_default(),
        ),
        row(
            "filtro_flujo",
            "",
            "",
            period.flow.clone().unwrap_or_default(),
        ),
        row("decisiones_total", "", "", dashboard.decisions_total),
    ];
    rows.extend(
        dashboard
            .decisions
            .iter()
            .map(|d| row("decisiones", &d.day, &d.analyst, d.count)),
    );
    let times = &dashboard.time_to_decision;
    rows.extend([
        row(
            "tiempo_a_decision_mediana_s",
            "",
            "",
            optional(times.median_seconds),
        ),
        row(
            "tiempo_a_decision_p90_s",
            "",
            "",
            optional(times.p90_seconds),
        ),
        row("decisiones_con_llegada", "", "", times.timed),
        row("decisiones_sin_llegada", "", "", times.untimed),
        row("cola_abiertos", "", "", dashboard.queue.open),
    ]);
    rows.extend(
        dashboard
            .queue
            .bands
            .iter()
            .map(|b| row("cola_por_antiguedad", b.band.label(), "", b.count)),
    );
    rows.extend([
        row("cola_vencidos", "", "", dashboard.queue.overdue),
        row("cola_por_vencer", "", "", dashboard.queue.due_soon),
    ]);
    rows.extend(
        dashboard
            .queue
            .by_risk
            .iter()
            .map(|b| row("cola_por_riesgo", b.band.label(), "", b.count)),
    );
    let sla = &dashboard.sla;
    rows.extend([
        row("sla_dentro", "", "", sla.within),
        row("sla_vencidas", "", "", sla.breached),
        row("sla_sin_medir", "", "", sla.unmeasured),
        row(
            "sla_cumplimiento_por_mil",
            "",
            "",
            optional(sla.share_permille),
        ),
    ]);
    let reasons = &dashboard.reasons;
    rows.extend([
        row("secciones_rechazadas", "", "", reasons.rejected_sections),
        row("rechazos_sin_motivo", "", "", reasons.without_reason),
    ]);
    rows.extend(
        reasons
            .top
            .iter()
            .map(|r| row("motivo_de_rechazo", &r.reason, "", r.count)),
    );
    let count = u32::try_from(rows.len()).unwrap_or(u32::MAX);
    Ok((crate::csv_export::text(&HEADER, rows)?, count))
}
