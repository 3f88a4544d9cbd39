//! The policy file attacked where it lies: the "administrator" here is the user the
//! tests run as (root's files are not the tests' to make), "others" are told by the
//! mode, as the desk tells them.

use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
use std::path::Path;

use super::super::Policy;

const POLICY: &str = r#"{"demo": false}"#;

fn administrators(path: &Path) -> Policy {
    let probe = tempfile::tempdir().expect("a folder");
    let me = std::fs::metadata(probe.path()).expect("its owner").uid();
    Policy::load_as(path, Some(me))
}

fn folder(mode: u32) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(mode)).expect("mode");
    dir
}

fn file(path: &Path, text: &str) {
    std::fs::write(path, text).expect("written");
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644)).expect("mode");
}

#[test]
fn the_administrators_file_in_the_administrators_folder_is_the_policy() {
    let dir = folder(0o755);
    let path = dir.path().join("policy.json");
    file(&path, POLICY);
    assert!(matches!(administrators(&path), Policy::Managed(_)));
}

#[test]
fn a_link_to_a_file_in_a_folder_others_can_write_is_ignored() {
    let held = folder(0o755);
    let open = folder(0o777);
    let target = open.path().join("policy.json");
    file(&target, POLICY);
    let path = held.path().join("policy.json");
    symlink(&target, &path).expect("a link");
    let policy = administrators(&path);
    assert!(matches!(policy, Policy::Ignored { .. }), "{policy:?}");
}

#[test]
fn a_linked_folder_or_one_above_that_others_can_write_is_ignored() {
    // The file's folder a link to a folder others can write.
    let held = folder(0o755);
    let open = folder(0o777);
    file(&open.path().join("policy.json"), POLICY);
    symlink(open.path(), held.path().join("kyb-desk")).expect("a link");
    let policy = administrators(&held.path().join("kyb-desk/policy.json"));
    assert!(matches!(policy, Policy::Ignored { .. }), "{policy:?}");
    // A folder above it that others can write: they could rename the file's folder.
    let open = folder(0o777);
    let inner = open.path().join("kyb-desk");
    std::fs::create_dir(&inner).expect("a folder");
    std::fs::set_permissions(&inner, std::fs::Permissions::from_mode(0o755)).expect("mode");
    file(&inner.join("policy.json"), POLICY);
    let policy = administrators(&inner.join("policy.json"));
    assert!(matches!(policy, Policy::Ignored { .. }), "{policy:?}");
    // Above it, sticky (as /tmp): no one else renames what is not theirs.
    std::fs::set_permissions(open.path(), std::fs::Permissions::from_mode(0o1777)).expect("mode");
    let policy = administrators(&inner.join("policy.json"));
    assert!(matches!(policy, Policy::Managed(_)), "{policy:?}");
}

#[test]
fn a_pipe_or_a_huge_file_is_refused_without_holding_the_start() {
    let dir = folder(0o755);
    let pipe = dir.path().join("policy.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    std::fs::set_permissions(&pipe, std::fs::Permissions::from_mode(0o644)).expect("mode");
    let (send, receive) = std::sync::mpsc::channel();
    let at = pipe.clone();
    std::thread::spawn(move || send.send(administrators(&at)));
    let policy = receive
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("the desk waited on a pipe");
    assert!(matches!(policy, Policy::Refused { .. }), "{policy:?}");
    let path = dir.path().join("big.json");
    let mut text = " ".repeat(2 * super::MAX_BYTES as usize);
    text.push_str(POLICY);
    file(&path, &text);
    let Policy::Refused { refusal, .. } = administrators(&path) else {
        panic!("a huge file read");
    };
    assert!(refusal.detail.contains("larger"), "{refusal:?}");
}

#[test]
fn a_path_that_cannot_be_looked_at_is_refused_not_taken_for_none() {
    let dir = folder(0o755);
    let looped = dir.path().join("kyb-desk");
    symlink(&looped, &looped).expect("a loop");
    let policy = administrators(&looped.join("policy.json"));
    assert!(matches!(policy, Policy::Refused { .. }), "{policy:?}");
    assert!(!policy.demo() && !policy.allows("otro", None));
}
