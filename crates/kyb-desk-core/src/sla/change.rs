//! What a save of the SLA policy changed, in the audit log's words (old → new), as the
//! team's trail words it (migration 0011's team_sla_policy_words): "En Revisión: 16 h →
//! 8 h; Horario: 09:00–18:00 → 00:00–24:00", "sin cambios" for the same policy.

use super::SlaPolicy;

const DAYS: [&str; 7] = ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"];

fn hours(value: Option<u16>) -> String {
    value.map_or_else(|| "sin plazo".to_owned(), |h| format!("{h} h"))
}

fn minute(value: u16) -> String {
    format!("{:02}:{:02}", value / 60, value % 60)
}

/// The parts that differ between `old` and `new`, in the form's order.
pub fn change_words(old: &SlaPolicy, new: &SlaPolicy) -> String {
    let parts = |p: &SlaPolicy| {
        let (t, c) = (&p.targets, &p.calendar);
        let days: Vec<&str> = c
            .working_days
            .iter()
            .map(|d| {
                DAYS.get(usize::from(*d).wrapping_sub(1))
                    .copied()
                    .unwrap_or("?")
            })
            .collect();
        let mut off = c.days_off.clone();
        off.sort_unstable();
        [
            ("Pendiente", hours(t.queued_hours)),
            ("En Revisión", hours(t.in_review_hours)),
            ("Enrolamiento Iniciado", hours(t.enrolling_hours)),
            ("Enrolamiento Fallido", hours(t.enrollment_failed_hours)),
            ("Otro estatus", hours(t.unknown_hours)),
            ("Por vencer", hours(Some(t.at_risk_hours))),
            ("Días hábiles", days.join(" ")),
            (
                "Horario",
                format!(
                    "{}–{}",
                    minute(c.opens_at_minute),
                    minute(c.closes_at_minute)
                ),
            ),
            ("Diferencia con UTC (min)", c.utc_offset_minutes.to_string()),
            (
                "Feriados oficiales",
                if c.statutory_holidays { "sí" } else { "no" }.to_owned(),
            ),
            ("Días libres", format!("{off:?}")),
        ]
    };
    let (before, after) = (parts(old), parts(new));
    let changed: Vec<String> = before
        .iter()
        .zip(&after)
        .filter(|(b, a)| b.1 != a.1)
        .map(|((label, b), (_, a))| match *label {
            // The dates themselves can be hundreds: their number, and whether others.
            "Días libres" => {
                let (b, a) = (old.calendar.days_off.len(), new.calendar.days_off.len());
                let other = if a == b { " (otras fechas)" } else { "" };
                format!("{label}: {b} → {a}{other}")
            }
            _ => format!("{label}: {b} → {a}"),
        })
        .collect();
    if changed.is_empty() {
        "sin cambios".to_owned()
    } else {
        changed.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_changed_is_worded_old_then_new() {
        let old = SlaPolicy::default();
        assert_eq!(change_words(&old, &old), "sin cambios");
        let mut new = old.clone();
        new.targets.in_review_hours = Some(8);
        new.targets.enrolling_hours = None;
        new.calendar.working_days = vec![1, 2, 3, 4, 5, 6, 7];
        new.calendar.opens_at_minute = 0;
        new.calendar.closes_at_minute = 1440;
        new.calendar.days_off = vec![chrono::NaiveDate::from_ymd_opt(2025, 12, 24).expect("a day")];
        assert_eq!(
            change_words(&old, &new),
            "En Revisión: 16 h → 8 h; Enrolamiento Iniciado: 24 h → sin plazo; \
             Días hábiles: lun mar mié jue vie → lun mar mié jue vie sáb dom; \
             Horario: 09:00–18:00 → 00:00–24:00; Días libres: 0 → 1"
        );
    }
}
