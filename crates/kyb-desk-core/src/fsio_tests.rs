//! [`super`]'s tests: atomic private writes, records set aside, temporaries swept.

use super::*;

#[test]
fn writes_replace_whole_files_and_leave_no_temporaries() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("a/b.json");
    write_json(&path, &vec![1, 2, 3]).expect("written");
    write_json(&path, &vec![4]).expect("rewritten");
    let recoveries = Recoveries::default();
    let read =
        |path: &Path| read_json_or_set_aside::<Vec<i32>>(path, RecordKind::Watchlist, &recoveries);
    assert_eq!(read(&path).expect("read"), Some(vec![4]));
    let names: Vec<_> = fs::read_dir(path.parent().expect("dir"))
        .expect("listing")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(names, ["b.json"]);
    assert_eq!(read(&dir.path().join("none.json")).expect("read"), None);
    assert_eq!(safe_name("../../etc/passwd"), "______etc_passwd");
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).expect("metadata").permissions().mode() & 0o777
}

#[cfg(unix)]
#[test]
fn what_the_app_writes_only_its_user_can_read() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temporary directory");
    let record = dir.path().join("a/b/record.json");
    write_json(&record, &[1]).expect("written");
    assert_eq!(mode(&record), 0o600);
    assert_eq!(mode(&dir.path().join("a")), 0o700);
    assert_eq!(mode(&dir.path().join("a/b")), 0o700);

    let log = dir.path().join("c/log.jsonl");
    open_append_private(&log)
        .expect("opened")
        .write_all(b"one\n")
        .expect("written");
    open_append_private(&log)
        .expect("opened again")
        .write_all(b"two\n")
        .expect("appended");
    assert_eq!(fs::read_to_string(&log).expect("read"), "one\ntwo\n");
    assert_eq!(mode(&log), 0o600);
    assert_eq!(mode(&dir.path().join("c")), 0o700);
    // A log an older version left readable by others is made private.
    fs::set_permissions(&log, fs::Permissions::from_mode(0o644)).expect("widened");
    open_append_private(&log).expect("opened");
    assert_eq!(mode(&log), 0o600);
}

fn aside_files(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .expect("listing")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.to_string_lossy().contains(".unreadable-"))
        .collect();
    found.sort();
    found
}

#[test]
fn an_unreadable_record_is_set_aside_announced_and_read_as_absent() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("list.json");
    let recoveries = Recoveries::default();
    let read = || read_json_or_set_aside::<Vec<i32>>(&path, RecordKind::Watchlist, &recoveries);
    fs::write(&path, "[1, 2,").expect("a torn file");
    assert_eq!(read().expect("read"), None);
    let aside = aside_files(dir.path());
    assert_eq!(aside.len(), 1);
    assert_eq!(fs::read_to_string(&aside[0]).expect("kept"), "[1, 2,");
    assert!(!path.exists());
    let name = aside[0].file_name().expect("name").to_string_lossy();
    assert!(
        name.starts_with("list.json.unreadable-2") && name.ends_with('Z'),
        "{name}"
    );
    let announced = recoveries.all();
    assert_eq!(announced.len(), 1);
    assert_eq!(announced[0].kind, RecordKind::Watchlist);
    assert_eq!(announced[0].path, path.display().to_string());
    assert_eq!(announced[0].set_aside_as, aside[0].display().to_string());
    assert!(announced[0].reason.contains("line 1"), "{announced:?}");

    // The next write starts afresh and leaves the set-aside file as it was; a second
    // unreadable file (same second, say) is set aside beside the first.
    write_json(&path, &[3]).expect("written");
    assert_eq!(read().expect("read"), Some(vec![3]));
    fs::write(&path, "").expect("an empty file");
    assert_eq!(read().expect("read"), None);
    let aside = aside_files(dir.path());
    assert_eq!(aside.len(), 2);
    assert!(
        aside
            .iter()
            .any(|p| fs::read_to_string(p).expect("kept") == "[1, 2,")
    );
    assert!(
        aside
            .iter()
            .any(|p| fs::read_to_string(p).expect("kept").is_empty())
    );
    assert_eq!(recoveries.all().len(), 2);
}

#[test]
fn a_record_that_cannot_be_opened_stays_an_error_and_is_not_set_aside() {
    let dir = tempfile::tempdir().expect("temporary directory");
    // Reading a folder fails like a denied permission would (as root, which this
    // test may run as, permissions are not enforced).
    let path = dir.path().join("list.json");
    fs::create_dir(&path).expect("a folder in the way");
    let recoveries = Recoveries::default();
    assert!(read_json_or_set_aside::<Vec<i32>>(&path, RecordKind::Watchlist, &recoveries).is_err());
    assert!(path.is_dir());
    assert!(aside_files(dir.path()).is_empty());
    assert!(recoveries.all().is_empty());
}

#[test]
fn temporaries_of_dead_writers_are_swept_and_nothing_else() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut exited = std::process::Command::new("true")
        .spawn()
        .expect("a process");
    let dead = exited.id();
    exited.wait().expect("it exited");
    let me = std::process::id();
    let swept = [
        format!(".profiles.json.{dead}.0.tmp"),
        format!("watchlist/.p.json.{dead}.12.tmp"),
        format!("drafts/p/.doc.json.{dead}.3.tmp"),
    ];
    let kept = [
        "profiles.json".to_owned(),
        "profiles.json.unreadable-20250601T101530Z".to_owned(),
        format!("drafts/p/.doc.json.{me}.4.tmp"),
        format!("drafts/.x.{dead}.tmp"),
        format!("notes.{dead}.1.tmp"),
        ".tmp".to_owned(),
        // Deeper than any record.
        format!("a/b/c/d/.e.json.{dead}.0.tmp"),
    ];
    for name in swept.iter().chain(&kept) {
        let path = dir.path().join(name);
        fs::create_dir_all(path.parent().expect("dir")).expect("folder");
        fs::write(&path, "x").expect("written");
    }
    assert_eq!(sweep_temporaries(dir.path()).expect("swept"), 3);
    for name in &swept {
        assert!(!dir.path().join(name).exists(), "{name} left");
    }
    for name in &kept {
        assert!(dir.path().join(name).exists(), "{name} removed");
    }
    assert_eq!(
        sweep_temporaries(&dir.path().join("none")).expect("swept"),
        0
    );
}

#[test]
fn a_record_over_its_kind_s_size_is_set_aside_and_announced_even_if_it_decodes() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("profiles.json");
    let recoveries = Recoveries::default();
    let read = || read_json_or_set_aside::<Vec<i32>>(&path, RecordKind::Profiles, &recoveries);
    let max = usize::try_from(RecordKind::Profiles.max_bytes()).expect("a size");
    // Valid JSON, padded to exactly the cap: read.
    let mut record = b"[1]".to_vec();
    record.resize(max, b' ');
    fs::write(&path, &record).expect("written");
    assert_eq!(read().expect("read"), Some(vec![1]));
    assert!(recoveries.all().is_empty());
    // One byte more: set aside whole, announced, read as absent.
    record.push(b' ');
    fs::write(&path, &record).expect("written");
    assert_eq!(read().expect("read"), None);
    assert!(!path.exists());
    let aside = aside_files(dir.path());
    assert_eq!(aside.len(), 1);
    assert_eq!(fs::metadata(&aside[0]).expect("kept").len(), max as u64 + 1);
    let announced = recoveries.all();
    assert_eq!(announced.len(), 1);
    assert_eq!(announced[0].kind, RecordKind::Profiles);
    assert!(announced[0].reason.contains("larger than"), "{announced:?}");
}
