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
//!
//! Parsed by clap; its messages are its own (English), as a command line tool's are.

use std::path::PathBuf;

use clap::Parser;
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

/// The command line as clap reads it; an unknown argument is an error, so a typo never
/// silently opens the real profiles.
#[derive(Parser, Debug)]
#[command(
    name = "kyb-desk",
    about = "KYB Desk, the desktop back office of the KYB service"
)]
struct Args {
    /// Open the embedded demo service instead of the real profiles.
    #[cfg(feature = "demo")]
    #[arg(long)]
    demo: bool,
    /// With --demo: follow none of the demo's files at start.
    #[cfg(feature = "demo")]
    #[arg(long, requires = "demo")]
    demo_empty: bool,
    /// With --demo: the demo profile works in the team whose database is on this host.
    #[cfg(feature = "demo")]
    #[arg(long, value_name = "HOST", requires_all = ["demo", "demo_member"], value_parser = not_blank)]
    demo_team: Option<String>,
    /// With --demo-team: the member the demo profile signs in as.
    #[cfg(feature = "demo")]
    #[arg(long, value_name = "USER", requires_all = ["demo", "demo_team"], value_parser = not_blank)]
    demo_member: Option<String>,
    /// Everything the app writes goes under this directory (keys still go to the keyring).
    #[arg(long, value_name = "DIR", value_parser = not_blank_path)]
    data_dir: Option<PathBuf>,
    /// Print one line when the watchlist first paints (make bench times it).
    #[arg(long)]
    report_startup: bool,
    /// The journeys' answers to the native questions, in order: yes,no,...
    #[cfg(feature = "test-dialog-answers")]
    #[arg(long, value_name = "yes,no,...", value_parser = dialog_answers)]
    test_dialog_answers: Option<Answers>,
    /// The journeys' managed policy, instead of /etc/kyb-desk/policy.json.
    #[cfg(feature = "test-dialog-answers")]
    #[arg(long, value_name = "FILE")]
    test_policy: Option<PathBuf>,
    /// A link to a file, kybdesk://expediente/ID.
    #[arg(value_name = "LINK", value_parser = link)]
    link: Option<Link>,
}

/// A link's reading, kept whole: a link in the scheme that names no one file is kept as
/// refused (logged, nothing opens), not an error.
#[derive(Debug, Clone)]
struct Link(Result<FileLink, LinkRefusal>);

fn link(arg: &str) -> Result<Link, String> {
    if file_address::looks_like_link(arg) {
        Ok(Link(file_address::parse(arg)))
    } else {
        Err("not a link to a file (kybdesk://expediente/ID)".to_owned())
    }
}

fn not_blank(arg: &str) -> Result<String, String> {
    if arg.trim().is_empty() {
        Err("must not be blank".to_owned())
    } else {
        Ok(arg.to_owned())
    }
}

fn not_blank_path(arg: &str) -> Result<PathBuf, String> {
    not_blank(arg).map(PathBuf::from)
}

#[cfg(feature = "test-dialog-answers")]
#[derive(Debug, Clone)]
struct Answers(Vec<bool>);

/// "yes,no,yes" as answers; an error when any is neither.
#[cfg(feature = "test-dialog-answers")]
fn dialog_answers(list: &str) -> Result<Answers, String> {
    list.split(',')
        .map(|answer| match answer.trim() {
            "yes" => Ok(true),
            "no" => Ok(false),
            other => Err(format!("{other:?} is neither yes nor no")),
        })
        .collect::<Result<_, _>>()
        .map(Answers)
}

impl Options {
    /// Reads the arguments after the program name (clap's error, help included, when
    /// they do not read: `error.exit()` prints it and exits as clap does).
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, clap::Error> {
        let args = Args::try_parse_from(std::iter::once("kyb-desk".to_owned()).chain(args))?;
        #[cfg(feature = "demo")]
        let (demo, demo_empty, demo_team, demo_member) =
            (args.demo, args.demo_empty, args.demo_team, args.demo_member);
        #[cfg(not(feature = "demo"))]
        let (demo, demo_empty, demo_team, demo_member) = (false, false, None, None);
        Ok(Options {
            demo,
            demo_empty,
            data_dir: args.data_dir,
            report_startup: args.report_startup,
            demo_team,
            demo_member,
            file_link: args.link.map(|link| link.0),
            #[cfg(feature = "test-dialog-answers")]
            dialog_answers: args.test_dialog_answers.map(|answers| answers.0),
            #[cfg(feature = "test-dialog-answers")]
            test_policy: args.test_policy,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, clap::Error> {
        Options::parse(args.iter().map(|a| (*a).to_owned()))
    }

    #[cfg(feature = "demo")]
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

    #[cfg(feature = "demo")]
    #[test]
    fn flags_in_any_order_and_both_spellings_of_the_directory() {
        assert_eq!(parse(&[]).ok(), Some(Options::default()));
        let expected = Options {
            demo: true,
            data_dir: Some(PathBuf::from("/tmp/kyb")),
            ..Options::default()
        };
        assert_eq!(
            parse(&["--demo", "--data-dir", "/tmp/kyb"]).ok(),
            Some(expected)
        );
        assert_eq!(
            parse(&["--report-startup"]).ok(),
            Some(Options {
                report_startup: true,
                ..Options::default()
            })
        );
        assert_eq!(
            parse(&["--data-dir=/tmp/kyb", "--demo"]).ok(),
            Some(Options {
                demo: true,
                data_dir: Some(PathBuf::from("/tmp/kyb")),
                ..Options::default()
            })
        );
        assert_eq!(
            parse(&["--demo-empty", "--demo"]).ok(),
            Some(Options {
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
            parse(&[LINK]).ok(),
            Some(Options {
                file_link: Some(Ok(file.clone())),
                ..Options::default()
            })
        );
        assert_eq!(
            parse(&["--report-startup", "--data-dir", "/tmp/kyb", LINK]).ok(),
            Some(Options {
                report_startup: true,
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
                parse(&[arg]).map(|o| o.file_link).ok(),
                Some(Some(Err(reason))),
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
        assert_eq!(
            refusal.kind(),
            clap::error::ErrorKind::UnknownArgument,
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

    /// The packaged app has no demo: its flags are unknown arguments.
    #[cfg(not(feature = "demo"))]
    #[test]
    fn without_the_demo_its_flags_are_unknown() {
        for flag in ["--demo", "--demo-empty"] {
            let refusal = parse(&[flag]).expect_err("refused");
            assert_eq!(
                refusal.kind(),
                clap::error::ErrorKind::UnknownArgument,
                "{refusal}"
            );
        }
        assert!(parse(&["--data-dir", "/tmp/kyb"]).is_ok());
    }

    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        Args::command().debug_assert();
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
            assert_ne!(refusal.kind(), clap::error::ErrorKind::DisplayHelp);
            assert!(refusal.to_string().contains("--help"), "{refusal}");
        }
    }
}
