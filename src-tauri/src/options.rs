//! The command line: `kyb-desk [--demo [--demo-empty]] [--data-dir DIR] [--report-startup]
//! [kybdesk://expediente/ID]`.
//!
//! - `--demo-empty`: the demo with nothing followed (practice; journeys that start empty).
//! - `--data-dir`: all the app writes under one directory (a portable install, an isolated
//!   journey); keys still go to the keyring, named by profile id.
//! - A link to a file (the core's `file_address`): a later launch hands its arguments to
//!   the running app (single-instance plugin), which reads them here again. An argument
//!   in the link's scheme that names no one file is refused (logged, nothing opens); any
//!   other unknown argument is an error.
//! - `--report-startup`: one line when the watchlist first paints (`startup.rs`), which
//!   `make bench` times.
//! - Only in the journeys' build (feature `test-dialog-answers`, never packaged):
//!   `--test-dialog-answers yes,no,…` answers the native questions WebDriver cannot press
//!   (`key_origin.rs`; then no), and `--test-policy FILE` replaces
//!   `/etc/kyb-desk/policy.json`, still only when root owns it and its folder and no one
//!   else may write them.

use std::path::PathBuf;

use kyb_desk_core::file_address::{self, FileLink, LinkRefusal};

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub demo: bool,
    /// With `demo`: follow none of the demo's files at start.
    pub demo_empty: bool,
    pub data_dir: Option<PathBuf>,
    pub report_startup: bool,
    /// With `demo`: the demo profile works in a team whose database is on this host
    /// (`make run-team`), as `demo_member`.
    pub demo_team: Option<String>,
    pub demo_member: Option<String>,
    /// A link the desktop handed over: the file to open, or why it is ignored.
    pub file_link: Option<Result<FileLink, LinkRefusal>>,
    /// The journeys' answers to the native questions (see the module's comment).
    #[cfg(feature = "test-dialog-answers")]
    pub dialog_answers: Option<Vec<bool>>,
    /// The journeys' managed policy, read instead of `/etc/kyb-desk/policy.json`
    /// (held to the same ownership check; see the module's comment).
    #[cfg(feature = "test-dialog-answers")]
    pub test_policy: Option<PathBuf>,
}

pub const USAGE: &str = "uso: kyb-desk [--demo [--demo-empty] [--demo-team HOST --demo-member USUARIO]] [--data-dir DIRECTORIO] [--report-startup] [kybdesk://expediente/ID]";

impl Options {
    /// Reads the arguments after the program name; an unknown one is an error, so a
    /// typo never silently opens the real profiles.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut options = Options::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--demo" if cfg!(feature = "demo") => options.demo = true,
                "--demo-empty" if cfg!(feature = "demo") => options.demo_empty = true,
                "--demo" | "--demo-empty" => {
                    return Err(format!(
                        "esta compilación no incluye el servicio de demostración\n{USAGE}"
                    ));
                }
                "--report-startup" => options.report_startup = true,
                #[cfg(feature = "test-dialog-answers")]
                "--test-dialog-answers" => {
                    options.dialog_answers = Some(
                        args.next()
                            .as_deref()
                            .and_then(dialog_answers)
                            .ok_or_else(|| format!("{arg} necesita yes,no,…\n{USAGE}"))?,
                    );
                }
                #[cfg(feature = "test-dialog-answers")]
                "--test-policy" => {
                    options.test_policy = Some(
                        args.next()
                            .map(PathBuf::from)
                            .ok_or_else(|| format!("{arg} necesita un archivo\n{USAGE}"))?,
                    );
                }
                "--demo-team" | "--demo-member" if cfg!(feature = "demo") => {
                    let value = args
                        .next()
                        .filter(|v| !v.trim().is_empty())
                        .ok_or_else(|| format!("{arg} necesita un valor\n{USAGE}"))?;
                    if arg == "--demo-team" {
                        options.demo_team = Some(value);
                    } else {
                        options.demo_member = Some(value);
                    }
                }
                "--data-dir" => {
                    let dir = args
                        .next()
                        .filter(|d| !d.trim().is_empty())
                        .ok_or_else(|| format!("--data-dir necesita un directorio\n{USAGE}"))?;
                    options.data_dir = Some(PathBuf::from(dir));
                }
                other => {
                    if let Some(dir) = other.strip_prefix("--data-dir=") {
                        options.data_dir = Some(PathBuf::from(dir));
                    } else if file_address::looks_like_link(other) {
                        if options.file_link.is_some() {
                            return Err(format!("un solo enlace a la vez\n{USAGE}"));
                        }
                        options.file_link = Some(file_address::parse(other));
                    } else {
                        return Err(format!("argumento desconocido: {other}\n{USAGE}"));
                    }
                }
            }
        }
        if (options.demo_team.is_some() || options.demo_member.is_some())
            && !(options.demo && options.demo_team.is_some() && options.demo_member.is_some())
        {
            return Err(format!(
                "--demo-team y --demo-member van juntos, con --demo\n{USAGE}"
            ));
        }
        if options.demo_empty && !options.demo {
            return Err(format!("--demo-empty va con --demo\n{USAGE}"));
        }
        Ok(options)
    }
}

/// "yes,no,yes" as answers; None when any is neither.
#[cfg(feature = "test-dialog-answers")]
fn dialog_answers(list: &str) -> Option<Vec<bool>> {
    list.split(',')
        .map(|answer| match answer.trim() {
            "yes" => Some(true),
            "no" => Some(false),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, String> {
        Options::parse(args.iter().map(|a| (*a).to_owned()))
    }

    #[test]
    fn a_demo_team_names_its_host_and_member_together_and_only_with_the_demo() {
        let both = parse(&[
            "--demo",
            "--demo-team",
            "/tmp/pg",
            "--demo-member",
            "ana@kybdesk.mx",
        ])
        .expect("read");
        assert_eq!(both.demo_team.as_deref(), Some("/tmp/pg"));
        assert_eq!(both.demo_member.as_deref(), Some("ana@kybdesk.mx"));
        for refused in [
            &["--demo", "--demo-team", "/tmp/pg"][..],
            &["--demo-team", "/tmp/pg", "--demo-member", "a@b.mx"],
            &["--demo", "--demo-member"],
        ] {
            assert!(parse(refused).is_err(), "{refused:?}");
        }
    }

    #[test]
    fn flags_in_any_order_and_both_spellings_of_the_directory() {
        assert_eq!(parse(&[]), Ok(Options::default()));
        let expected = Options {
            demo: true,
            data_dir: Some(PathBuf::from("/tmp/kyb")),
            ..Options::default()
        };
        assert_eq!(parse(&["--demo", "--data-dir", "/tmp/kyb"]), Ok(expected));
        assert_eq!(
            parse(&["--report-startup"]),
            Ok(Options {
                report_startup: true,
                ..Options::default()
            })
        );
        assert_eq!(
            parse(&["--data-dir=/tmp/kyb", "--demo"]),
            Ok(Options {
                demo: true,
                data_dir: Some(PathBuf::from("/tmp/kyb")),
                ..Options::default()
            })
        );
        assert_eq!(
            parse(&["--demo-empty", "--demo"]),
            Ok(Options {
                demo: true,
                demo_empty: true,
                ..Options::default()
            })
        );
    }

    const LINK: &str = "kybdesk://expediente/3f2b8c1e-9d4a-4e7b-8f21-6a5c0d9e7b14";

    #[test]
    fn a_link_to_a_file_alone_or_after_the_flags() {
        let file = file_address::parse(LINK).expect("a link");
        assert_eq!(
            parse(&[LINK]),
            Ok(Options {
                file_link: Some(Ok(file.clone())),
                ..Options::default()
            })
        );
        assert_eq!(
            parse(&["--demo", "--data-dir", "/tmp/kyb", LINK]),
            Ok(Options {
                demo: true,
                data_dir: Some(PathBuf::from("/tmp/kyb")),
                file_link: Some(Ok(file)),
                ..Options::default()
            })
        );
    }

    #[test]
    fn a_link_that_opens_anything_else_is_kept_as_refused_not_followed() {
        for (arg, reason) in [
            ("kybdesk://expediente/../x", LinkRefusal::ExtraSegments),
            ("kybdesk://audit/x", LinkRefusal::NotAFile),
            ("KYBDESK://expediente/x", LinkRefusal::NotKybdesk),
        ] {
            assert_eq!(
                parse(&[arg]).map(|o| o.file_link),
                Ok(Some(Err(reason))),
                "{arg}"
            );
        }
    }

    /// Without the feature (the packaged app, `make bundle`), no answer can be given
    /// in advance: the flag is an unknown argument and the app does not start.
    #[cfg(not(feature = "test-dialog-answers"))]
    #[test]
    fn without_the_test_feature_no_dialog_answer_can_be_given() {
        let refusal = parse(&["--test-dialog-answers", "yes"]).expect_err("refused");
        assert!(
            refusal.contains("argumento desconocido: --test-dialog-answers"),
            "{refusal}"
        );
    }

    #[cfg(feature = "test-dialog-answers")]
    #[test]
    fn with_the_test_feature_the_answers_are_read_in_order() {
        let read = parse(&["--test-dialog-answers", "no,yes"]).expect("read");
        assert_eq!(read.dialog_answers, Some(vec![false, true]));
        assert!(parse(&["--test-dialog-answers", "si"]).is_err());
        assert!(parse(&["--test-dialog-answers"]).is_err());
    }

    #[test]
    fn a_missing_directory_or_an_unknown_flag_is_refused_with_the_usage() {
        for args in [
            &["--data-dir"][..],
            &["--data-dir", " "],
            &["--demos"],
            &["--demo-empty"],
            &["https://expediente/x"],
            &["expediente/x"],
            &[LINK, LINK],
        ] {
            let refusal = parse(args).expect_err("refused");
            assert!(refusal.contains(USAGE), "{refusal}");
        }
    }
}
