//! The KYB Desk shell: thin Tauri commands over modules that know nothing of windows.

#[cfg(test)]
mod bindings;
pub mod commands;
#[macro_use]
mod declared_commands;
pub mod endpoints;
pub mod evidence_window;
mod external_open;
pub mod file_link_delivery;
pub mod key_origin;
pub mod malloc_threshold;
pub mod options;
pub mod preference_store;
pub mod service_facts;
pub mod startup;
pub mod team;

use kyb_desk_core::evidence::files::EvidenceFiles;
use kyb_desk_core::{images, logging, navigation, store};
use tauri::{Manager, Runtime, Url};

use crate::options::Options;
use kyb_desk_core::desk::Desk;
use kyb_desk_core::profiles::ProfileStore as _;
use kyb_desk_core::secrets::{KEYRING_SERVICE, KeyVault};

/// What the app downloads with, each under the evidence's rules (`images`): the
/// pictures, the evidence's documents, the lists the policy names. `demo_base`: the
/// embedded sandbox's address, the one non-public address allowed.
pub fn manage_fetchers<R: Runtime, M: Manager<R>>(
    app: &M,
    demo_base: Option<&Url>,
) -> kyb_desk_core::error::AppResult<()> {
    app.manage(images::ImageFetcher::new(demo_base)?);
    app.manage(EvidenceFiles::new(demo_base)?);
    app.manage(commands::ListFetcher::new(demo_base)?);
    Ok(())
}

/// What the shell itself knows: whether it runs on the demo sandbox, and where.
pub struct Shell {
    pub demo_base: Option<Url>,
    /// The "try this" panel's leads, in demo mode.
    pub demo_guide: Option<kyb_desk_core::guide::DemoGuide>,
}

/// Keeps the demo sandbox serving while the app runs.
#[cfg(feature = "demo")]
struct DemoSandbox(#[allow(dead_code)] kyb_sandbox::RunningSandbox);

/// Every command a window may call, from `declared_commands.rs` (which also gives each
/// its permission: see `build.rs` and `capabilities/`).
pub fn invoke_handler<R: Runtime>() -> impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static
{
    macro_rules! handler {
        (
            types { $($types:tt)* }
            commands { $(
                $( #[doc = $doc:literal] )*
                $module:ident :: $name:ident ( $($args:tt)* ) -> $answer:ty ,
                [ $( $window:ident ),+ ] ;
            )* }
        ) => {
            tauri::generate_handler![ $( $module::$name ),* ]
        };
    }
    with_commands!(handler)
}

/// A declared command as a window calls it (see `declared_commands.rs`).
#[derive(Debug)]
pub struct DeclaredCommand {
    pub name: &'static str,
    /// Its arguments' Rust names (the window sends them in camelCase).
    pub args: &'static [&'static str],
    /// The labels of the windows whose capability allows it.
    pub windows: &'static [&'static str],
}

macro_rules! declared_list {
    (
        types { $($types:tt)* }
        commands { $(
            $( #[doc = $doc:literal] )*
            $module:ident :: $name:ident ( $( $arg:ident : $arg_ty:ty ),* ) -> $answer:ty ,
            [ $( $window:ident ),+ ] ;
        )* }
    ) => {
        &[$(
            DeclaredCommand {
                name: stringify!($name),
                args: &[$( stringify!($arg) ),*],
                windows: &[$( stringify!($window) ),+],
            },
        )*]
    };
}

/// Every declared command, for the tests that drive them all.
pub const DECLARED_COMMANDS: &[DeclaredCommand] = with_commands!(declared_list);

/// The name a window uses for a command's Rust argument `rust`: Tauri's default
/// (`rename_all = "camelCase"`), as the generated client sends it.
pub fn js_name(rust: &str) -> String {
    let mut out = String::with_capacity(rust.len());
    let mut upper = false;
    for c in rust.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// One running app per data folder: a second one would write the same records (the
/// audit chain would fork). Two apps on different folders (the demo beside real work,
/// or tests) may run side by side, so the name the instances meet under (a D-Bus name
/// on Linux) comes from the folder, not only from the app.
pub fn instance_id(data_dir: Option<&std::path::Path>, demo: bool) -> String {
    use sha2::Digest;
    let folder = data_dir
        .map(|dir| std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf()))
        .map(|dir| dir.display().to_string())
        .unwrap_or_default();
    let digest = sha2::Sha256::digest(format!("{folder}\u{0}{demo}").as_bytes());
    let short: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
    // A D-Bus name element may not begin with a digit.
    format!("mx.kybdesk.app.i{short}")
}

/// A second launch brings the running window to the front instead.
fn bring_forward<R: Runtime>(app: &tauri::AppHandle<R>) {
    if let Some(window) = app.get_webview_window("main") {
        let _ = window.unminimize();
        let _ = window.show();
        let _ = window.set_focus();
    }
}

/// The window's size and place, kept between runs (tauri-plugin-window-state). With
/// `--data-dir` the state goes in that folder, like everything else the app writes (the
/// plugin joins its file name to the config folder, and an absolute name replaces it);
/// otherwise in the platform's config folder. Not under `demo/`: the demo's records
/// start afresh, the window's place need not.
fn window_state<R: Runtime>(data_dir: Option<&std::path::Path>) -> tauri::plugin::TauriPlugin<R> {
    let builder = tauri_plugin_window_state::Builder::new();
    let builder = match data_dir.map(std::path::absolute) {
        Some(Ok(dir)) => builder.with_filename(dir.join("window-state.json").to_string_lossy()),
        _ => builder,
    };
    builder.build()
}

/// Saves the window's size and place half a second after it last moved or changed size,
/// not only on a clean exit (the plugin's own moment): an app that is killed, by a crash
/// or an ended session, keeps it too. One waiting thread at most, however many events a
/// drag sends.
fn keep_window_state<R: Runtime>(window: &tauri::Window<R>, event: &tauri::WindowEvent) {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::time::{Duration, SystemTime, UNIX_EPOCH};
    use tauri_plugin_window_state::{AppHandleExt, StateFlags};

    const QUIET: Duration = Duration::from_millis(500);
    static LAST_CHANGE_MS: AtomicU64 = AtomicU64::new(0);
    static WAITING: AtomicBool = AtomicBool::new(false);
    let now_ms = || {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    };
    if !matches!(
        event,
        tauri::WindowEvent::Resized(_) | tauri::WindowEvent::Moved(_)
    ) {
        return;
    }
    LAST_CHANGE_MS.store(now_ms(), Ordering::SeqCst);
    if WAITING.swap(true, Ordering::SeqCst) {
        return;
    }
    let app = window.app_handle().clone();
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(QUIET);
            let quiet_for = now_ms().saturating_sub(LAST_CHANGE_MS.load(Ordering::SeqCst));
            if quiet_for >= QUIET.as_millis() as u64 {
                break;
            }
        }
        WAITING.store(false, Ordering::SeqCst);
        if let Err(error) = app.save_window_state(StateFlags::all()) {
            tracing::warn!("the window's size and place were not kept: {error}");
        }
    });
}

/// Builds and runs the desktop application until its last window closes. With
/// `--demo`, the embedded sandbox serves a demo profile; with `--data-dir`, every file
/// the app writes goes under that directory. `began`: when the process started, as
/// near as `main` can tell.
pub fn run(options: Options, began: std::time::Instant) {
    // Before anything is written: every file and folder this process creates (logs,
    // records, WebKit's caches and storage) is the user's alone.
    #[cfg(unix)]
    rustix::process::umask(rustix::fs::Mode::RWXG | rustix::fs::Mode::RWXO);
    let Options {
        demo,
        demo_empty,
        data_dir,
        report_startup,
        file_link,
        demo_team,
        demo_member,
        #[cfg(feature = "test-dialog-answers")]
        dialog_answers,
        #[cfg(feature = "test-dialog-answers")]
        test_policy,
    } = options;
    #[cfg(not(feature = "demo"))]
    let _ = (demo_empty, demo_team, demo_member);
    tauri::Builder::default()
        // First, so a second launch on the same data hands over before doing anything.
        .plugin(
            tauri_plugin_single_instance::Builder::new()
                .dbus_id(instance_id(data_dir.as_deref(), demo))
                .callback(|app, args, _cwd| {
                    bring_forward(app);
                    file_link_delivery::from_second_launch(app, args);
                })
                .build(),
        )
        // Links to a file: the scheme is registered with the system by the installed
        // package (`plugins.deep-link` in tauri.conf.json), never at run time
        // (`register_all`), not even for the default data folder: a development or
        // test build would point the user's desktop at a binary in a build folder, and
        // the association would outlive it. On Linux and Windows a link arrives on the
        // command line (read with the other options, at first launch and from the
        // single-instance plugin); the plugin's own reading of it, which only sees a
        // link given alone, is not used. macOS delivers it as an event instead.
        .plugin(tauri_plugin_deep_link::init())
        // From the start: a later launch may hand a link over while this one sets up.
        .manage(file_link_delivery::Inbox::default())
        .manage(evidence_window::Shown::default())
        .plugin(window_state(data_dir.as_deref()))
        .plugin(tauri_plugin_notification::init())
        .plugin(tauri_plugin_clipboard_manager::init())
        .plugin(tauri_plugin_dialog::init())
        // The window's preferences, one store per data folder (see `preference_store.rs`);
        // the page is granted none of the plugin's commands.
        .plugin(tauri_plugin_store::Builder::new().build())
        .plugin(
            tauri::plugin::Builder::<tauri::Wry, ()>::new("navigation-guard")
                .on_navigation(|_, url| {
                    let allowed = navigation::is_app_page(url);
                    if !allowed {
                        // Its origin only: a path or query may hold what is not the log's.
                        let to = url.origin().ascii_serialization();
                        tracing::warn!(%to, "navigation away from the app's pages refused");
                    }
                    allowed
                })
                .build(),
        )
        .setup(move |app| {
            let paths = app.path();
            let (mut data_dir, log_dir) = match &data_dir {
                Some(dir) => (std::path::absolute(dir)?, dir.join("logs")),
                None => (paths.app_data_dir()?, paths.app_log_dir()?),
            };
            logging::init(&log_dir);
            if let Some(link) = file_link {
                file_link_delivery::receive(app.handle(), link);
            }
            #[cfg(target_os = "macos")]
            {
                use tauri_plugin_deep_link::DeepLinkExt;
                let handle = app.handle().clone();
                app.deep_link().on_open_url(move |event| {
                    for url in event.urls() {
                        file_link_delivery::receive(
                            &handle,
                            kyb_desk_core::file_address::parse(url.as_str()),
                        );
                    }
                });
            }
            let policy = kyb_desk_core::policy::Policy::managed();
            #[cfg(feature = "test-dialog-answers")]
            let policy = match &test_policy {
                Some(path) => kyb_desk_core::policy::Policy::load(path, true),
                None => policy,
            };
            // The company's policy may turn the demo off (or, refused, is taken to).
            let demo = demo && policy.demo();
            if demo {
                data_dir = data_dir.join("demo");
                // The demo starts afresh, all of it at once (see the core's `demo`).
                #[cfg(feature = "demo")]
                kyb_desk_core::demo::start_afresh(&data_dir, KEYRING_SERVICE)?;
            }
            let store = store::FileStore::new(data_dir.join("profiles.json"));
            // The desk's recorder of set-aside files: the preferences report to it too.
            let recoveries = store.recoveries().unwrap_or_default();
            let mut desk = Desk::open(
                &data_dir,
                Box::new(store),
                KeyVault::new(KEYRING_SERVICE),
                endpoints::configured(),
            )?;
            desk.set_policy(policy);
            #[cfg_attr(not(feature = "demo"), expect(unused_mut))]
            let (mut demo_base, mut demo_guide) = (None, None);
            // Without the feature, `--demo` is refused when the options are read.
            #[cfg(feature = "demo")]
            if demo {
                use kyb_desk_core::demo;
                let sandbox = tauri::async_runtime::block_on(demo::start_sandbox())?;
                let profile = demo::install(&desk, &sandbox.manifest)?;
                if let (Some(host), Some(member)) = (&demo_team, &demo_member) {
                    // The member's password (`make run-team` sets the demo team up and
                    // hands it over here; never on the command line, which others see).
                    let password = std::env::var("KYB_DEMO_TEAM_PASSWORD").unwrap_or_default();
                    tauri::async_runtime::block_on(demo::join_team(
                        &desk, &profile, host, member, &password,
                    ))?;
                }
                if !demo_empty {
                    let guide = tauri::async_runtime::block_on(demo::populate(&desk, &sandbox))?;
                    demo_guide = Some(guide);
                }
                demo_base = Url::parse(&sandbox.manifest.base_url).ok();
                tracing::info!(base_url = %sandbox.manifest.base_url, "demo sandbox serving");
                app.manage(DemoSandbox(sandbox));
            }
            app.manage(desk);
            app.manage(kyb_desk_core::diagnostics::Diagnostics::new(log_dir));
            app.manage(preference_store::open(app, &data_dir, &recoveries)?);
            let question = key_origin::KeyOriginQuestion::native(app.handle().clone());
            #[cfg(feature = "test-dialog-answers")]
            let question = match dialog_answers {
                Some(answers) => key_origin::KeyOriginQuestion::answered_in_order(answers),
                None => question,
            };
            app.manage(question);
            manage_fetchers(app, demo_base.as_ref())?;
            app.manage(Shell {
                demo_base,
                demo_guide,
            });
            #[cfg(debug_assertions)]
            if let Some(path) = std::env::var_os(commands::TEST_SAVE_DIR) {
                app.manage(commands::TestSaveTo(path.into()));
            }
            #[cfg(debug_assertions)]
            if let Some(path) = std::env::var_os(commands::TEST_OPEN_DIR) {
                app.manage(commands::TestOpenFrom(path.into()));
            }
            app.manage(startup::Startup::new(began, report_startup));
            Ok(())
        })
        .on_window_event(|window, event| {
            keep_window_state(window, event);
            evidence_window::follow_main(window, event);
        })
        .invoke_handler(invoke_handler())
        .run(tauri::generate_context!())
        .expect("KYB Desk could not start its window");
}

#[cfg(test)]
mod tests {
    use super::instance_id;
    use std::path::Path;

    #[test]
    fn one_instance_per_data_folder_and_mode() {
        let default = instance_id(None, false);
        assert_eq!(default, instance_id(None, false));
        assert_ne!(default, instance_id(None, true));
        assert_ne!(default, instance_id(Some(Path::new("/tmp/a")), false));
        assert_ne!(
            instance_id(Some(Path::new("/tmp/a")), false),
            instance_id(Some(Path::new("/tmp/b")), false)
        );
        assert!(default.starts_with("mx.kybdesk.app.i"));
    }
}
