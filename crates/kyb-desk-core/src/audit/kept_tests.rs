use std::path::Path;
use std::sync::Arc;

use kyb_api::Operation;

use super::super::anchor::MemoryAnchor;
use super::super::*;

fn entry(target: &str) -> NewEntry {
    NewEntry {
        profile: "Operación".into(),
        agent_email: "ana@kybdesk.mx".into(),
        action: Action::Service(Operation::ResendVerification),
        target: target.into(),
        about: AuditTarget::Folio {
            folio: target.into(),
        },
        summary: "reenvío del enlace".into(),
        outcome: Outcome {
            ok: true,
            code: None,
            message: None,
        },
        completes: None,
    }
}

fn log_at(path: &Path) -> AuditLog {
    AuditLog::new(path.to_owned(), Box::new(MemoryAnchor::new()))
}

fn targets(read: &LogEntries) -> Vec<&str> {
    read.entries
        .iter()
        .map(|e| e.record.target.as_str())
        .collect()
}

/// What a fresh read of the file says: the kept read must always equal it.
fn fresh(path: &Path) -> LogEntries {
    let read = log_at(path).entries().expect("read");
    LogEntries {
        entries: read.entries,
        unreadable: read.unreadable,
    }
}

#[test]
fn an_append_after_a_read_is_seen_and_the_rest_kept() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("audit.jsonl");
    let log = log_at(&path);
    assert_eq!(
        *log.shared_entries().expect("no file yet"),
        LogEntries::default()
    );
    log.append(entry("VD-1")).expect("appended");
    log.append(entry("VD-2")).expect("appended");
    let first = log.shared_entries().expect("read");
    assert_eq!(targets(&first), ["VD-1", "VD-2"]);
    // Unchanged: the very same entries, not read again.
    assert!(Arc::ptr_eq(&first, &log.shared_entries().expect("read")));

    log.append(entry("VD-3")).expect("appended");
    let after = log.shared_entries().expect("read");
    assert_eq!(targets(&after), ["VD-1", "VD-2", "VD-3"]);
    assert_eq!(*after, fresh(&path));
}

#[test]
fn a_log_replaced_or_recovered_is_read_again_whole() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("audit.jsonl");
    let log = log_at(&path);
    for target in ["VD-1", "VD-2", "VD-3"] {
        log.append(entry(target)).expect("appended");
    }
    assert_eq!(log.shared_entries().expect("read").entries.len(), 3);

    // Another log put in its place, longer, by rename (a restored copy).
    let other_path = dir.path().join("other.jsonl");
    let other = log_at(&other_path);
    for target in ["VD-7", "VD-8", "VD-9", "VD-10"] {
        other.append(entry(target)).expect("appended");
    }
    std::fs::rename(&other_path, &path).expect("replaced");
    let read = log.shared_entries().expect("read");
    assert_eq!(targets(&read), ["VD-7", "VD-8", "VD-9", "VD-10"]);

    // Rewritten in place, longer, with other lines before the kept end.
    let text = std::fs::read_to_string(&path).expect("text");
    let edited = text.replacen("VD-7", "VD-70", 2)
        + &text
            .lines()
            .last()
            .expect("a line")
            .replace("VD-10", "VD-11")
        + "\n";
    std::fs::write(&path, &edited).expect("rewritten");
    let read = log.shared_entries().expect("read");
    assert_eq!(targets(&read), ["VD-70", "VD-8", "VD-9", "VD-10", "VD-11"]);
    assert_eq!(*read, fresh(&path));

    // Cut short (the recovery of a torn line, or entries removed).
    let lines: Vec<&str> = edited.lines().collect();
    std::fs::write(&path, lines[..2].join("\n") + "\n").expect("cut");
    assert_eq!(
        targets(&log.shared_entries().expect("read")),
        ["VD-70", "VD-8"]
    );
}

#[test]
fn a_line_being_written_is_read_but_not_kept() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("audit.jsonl");
    let log = log_at(&path);
    log.append(entry("VD-1")).expect("appended");
    log.shared_entries().expect("read");
    let whole = std::fs::read_to_string(&path).expect("text");
    let line = whole
        .lines()
        .next()
        .expect("a line")
        .replace("VD-1", "VD-2");
    // Half a line: unreadable for now.
    let half = &line[..line.find("summary").expect("a summary")];
    std::fs::write(&path, whole.clone() + half).expect("torn");
    let read = log.shared_entries().expect("read");
    assert_eq!((targets(&read), read.unreadable), (vec!["VD-1"], 1));
    // The rest of it arrives: the whole line is read, nothing counted twice.
    std::fs::write(&path, whole + &line + "\n").expect("completed");
    let read = log.shared_entries().expect("read");
    assert_eq!((targets(&read), read.unreadable), (vec!["VD-1", "VD-2"], 0));
    assert_eq!(*read, fresh(&path));
}
