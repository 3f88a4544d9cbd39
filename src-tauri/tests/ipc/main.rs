//! Every command through Tauri's IPC layer (a mock window, the real handler), with the
//! argument names the UI sends, over the demo sandbox: what crosses is what the UI's
//! generated types say, and a failure crosses as `{ code, message, details }`. One test a
//! group of commands, each in its own window, so a failure names its group; each group
//! lists the commands it covers, and every declared command is in one list.

mod capabilities;
mod desktop;
mod evidence_window;
mod profiles;
mod reading;
mod records;
mod screening;
mod sends;
mod team;
mod verifications;
mod watchlist;

use kyb_desk::Shell;
use kyb_desk_core::desk::Desk;
use kyb_desk_core::secrets::KeyVault;
use kyb_desk_core::store::FileStore;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{INVOKE_KEY, get_ipc_response, mock_builder};
use tauri::{Manager, WebviewWindow, WebviewWindowBuilder};

struct Window {
    _app: tauri::App<tauri::test::MockRuntime>,
    window: WebviewWindow<tauri::test::MockRuntime>,
    manifest: kyb_sandbox::Manifest,
    _dir: tempfile::TempDir,
    /// Each command called, with the names of the arguments it was sent.
    called: RefCell<BTreeMap<String, BTreeSet<String>>>,
}

/// A window whose native questions (see `key_origin.rs`) are all answered no, as by a
/// user who asked for nothing.
fn open() -> Window {
    open_answering(|_| false)
}

fn open_answering(
    answer: impl Fn(&kyb_desk::key_origin::Question) -> bool + Send + Sync + 'static,
) -> Window {
    let dir = tempfile::tempdir().expect("temporary directory");
    let app = mock_builder()
        .plugin(tauri_plugin_clipboard_manager::init())
        .plugin(tauri_plugin_notification::init())
        .plugin(tauri_plugin_store::Builder::new().build())
        .invoke_handler(kyb_desk::invoke_handler())
        // The app's own context: its capability (and so its command permissions) apply.
        .build(tauri::generate_context!(test = true))
        .expect("mock app");
    // The real profile store, in the temporary folder.
    let store = FileStore::new(dir.path().join("profiles.json"));
    let desk = Desk::open(
        dir.path(),
        Box::new(store),
        KeyVault::new(format!("kyb-desk-ipc-{}", uuid::Uuid::new_v4())),
        None,
    )
    .expect("desk");
    let sandbox =
        tauri::async_runtime::block_on(kyb_desk_core::demo::start_sandbox()).expect("sandbox");
    kyb_desk_core::demo::install(&desk, &sandbox.manifest).expect("demo profile");
    let manifest = sandbox.manifest.clone();
    let demo_base = tauri::Url::parse(&manifest.base_url).ok();
    app.manage(
        kyb_desk::preference_store::open(&app, dir.path(), &Default::default())
            .expect("preferences"),
    );
    app.manage(desk);
    app.manage(kyb_desk_core::diagnostics::Diagnostics::new(
        dir.path().join("logs"),
    ));
    app.manage(kyb_desk::key_origin::KeyOriginQuestion::answered_by(answer));
    kyb_desk::manage_fetchers(&app, demo_base.as_ref()).expect("fetchers");
    app.manage(kyb_desk::evidence_window::Shown::default());
    app.manage(Shell {
        demo_base,
        demo_guide: None,
    });
    app.manage(kyb_desk::commands::TestSaveTo(dir.path().to_path_buf()));
    // The "picked" list files: the SAT's 69-B fixture, as the dialog would give it.
    let picked = dir.path().join("picked");
    std::fs::create_dir_all(picked.join("sat69b")).expect("folder");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/fixtures/lists/Listado_Completo_69-B.csv"
        ),
        picked.join("sat69b").join("Listado_Completo_69-B.csv"),
    )
    .expect("the fixture");
    app.manage(kyb_desk::commands::TestOpenFrom(picked));
    app.manage(kyb_desk::file_link_delivery::Inbox::default());
    app.manage(kyb_desk::startup::Startup::new(
        std::time::Instant::now(),
        false,
    ));
    // The sandbox serves as long as the app does.
    app.manage(sandbox);
    let window = WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .expect("window");
    Window {
        _app: app,
        window,
        manifest,
        _dir: dir,
        called: RefCell::default(),
    }
}

impl Window {
    fn call(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        self.call_raw(cmd, args)
            .map(|body| body.deserialize::<Value>().expect("JSON answer"))
    }

    /// The answer as it crosses (raw bytes for a command that answers bytes).
    fn call_raw(&self, cmd: &str, args: Value) -> Result<tauri::ipc::InvokeResponseBody, Value> {
        self.call_in(&self.window, cmd, args)
    }

    fn call_in(
        &self,
        window: &WebviewWindow<tauri::test::MockRuntime>,
        cmd: &str,
        args: Value,
    ) -> Result<tauri::ipc::InvokeResponseBody, Value> {
        let names = args
            .as_object()
            .into_iter()
            .flat_map(|args| args.keys().cloned());
        self.called
            .borrow_mut()
            .entry(cmd.to_owned())
            .or_default()
            .extend(names);
        get_ipc_response(
            window,
            tauri::webview::InvokeRequest {
                cmd: cmd.into(),
                callback: CallbackFn(0),
                error: CallbackFn(1),
                // The embedded pages' origin on Linux: the capability allows local URLs only.
                url: "tauri://localhost".parse().expect("url"),
                body: InvokeBody::Json(args),
                headers: Default::default(),
                invoke_key: INVOKE_KEY.to_string(),
            },
        )
    }

    fn ok(&self, cmd: &str, args: Value) -> Value {
        self.call(cmd, args)
            .unwrap_or_else(|e| panic!("{cmd} failed: {e}"))
    }

    fn code(&self, cmd: &str, args: Value) -> String {
        let error = self.call(cmd, args).expect_err("an error");
        assert!(error["message"].is_string(), "{error}");
        // The facts by name (an object with its `type`), or none.
        assert!(
            error["details"].is_null() || error["details"]["type"].is_string(),
            "{error}"
        );
        error["code"].as_str().expect("a code").to_owned()
    }
}

impl Window {
    /// Each of `commands` was called, with each of its arguments by the name the UI's
    /// generated client sends (`kyb_desk::js_name`) and no other: the declaration's names
    /// are the ones the Rust functions read. (Only the exports were also sent a `path`, on
    /// purpose: a page cannot name one.) Nothing undeclared was called.
    fn covers(&self, commands: &[&str]) {
        let called = self.called.borrow();
        let mut missing = Vec::new();
        for declared in kyb_desk::DECLARED_COMMANDS
            .iter()
            .filter(|d| commands.contains(&d.name))
        {
            let Some(sent) = called.get(declared.name) else {
                missing.push(declared.name);
                continue;
            };
            let names: BTreeSet<String> =
                declared.args.iter().map(|a| kyb_desk::js_name(a)).collect();
            let unknown: Vec<&String> = sent
                .difference(&names)
                .filter(|name| !(name.as_str() == "path" && declared.name.starts_with("export_")))
                .collect();
            assert!(unknown.is_empty(), "{} was sent {unknown:?}", declared.name);
            assert!(
                names.is_subset(sent),
                "{} takes {names:?}, was sent {sent:?}",
                declared.name
            );
        }
        assert!(missing.is_empty(), "never called: {missing:?}");
        let undeclared: Vec<&String> = called
            .keys()
            .filter(|cmd| {
                !kyb_desk::DECLARED_COMMANDS
                    .iter()
                    .any(|d| d.name == cmd.as_str())
            })
            .collect();
        assert!(undeclared.is_empty(), "not declared: {undeclared:?}");
    }
}

/// Every declared command is covered by exactly one group.
#[test]
fn every_declared_command_is_in_one_group() {
    let groups = [
        profiles::COVERS,
        reading::COVERS,
        screening::COVERS,
        evidence_window::COVERS,
        sends::COVERS,
        verifications::COVERS,
        watchlist::COVERS,
        records::COVERS,
        desktop::COVERS,
        team::COVERS,
    ];
    let mut listed: Vec<&str> = groups.iter().flat_map(|g| g.iter().copied()).collect();
    listed.sort_unstable();
    let twice: Vec<&&str> = listed
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| &w[0])
        .collect();
    assert!(twice.is_empty(), "in two groups: {twice:?}");
    let mut declared: Vec<&str> = kyb_desk::DECLARED_COMMANDS.iter().map(|d| d.name).collect();
    declared.sort_unstable();
    assert_eq!(
        listed, declared,
        "each declared command in a group's COVERS"
    );
}

/// The example file's review, rejecting its first section with `comment`, previewed and
/// sent as the UI does.
fn send_a_rejection(w: &Window, id: &str, comment: &str) {
    let answer = w.ok("file_detail", json!({"documentId": id}));
    let section = answer["detail"]["Secciones"][0].clone();
    let draft = json!({"documentId": id, "decisions": [{"seccion": section, "estatus": "Rechazada",
        "comentario": comment, "entidadId": null, "entidadReferencia": null}],
        "mensajeGeneral": "", "notificarUsuario": true, "savedAtUtc": ""});
    w.ok("save_draft", json!({"draft": draft}));
    let preview = w.ok("preview_correction", json!({"documentId": id}));
    w.ok(
        "send_correction",
        json!({"documentId": id, "previewed": preview["previewed"]}),
    );
}

/// The example file's section with a high finding, acknowledged (kept in the desk's log).
fn acknowledge_a_flagged_section(w: &Window, id: &str) {
    let examples = &w.manifest.examples;
    let material = w.ok(
        "review_material",
        json!({"flowId": examples.flow_id, "rfc": examples.rfc, "documentId": id}),
    );
    let flagged = material["evidence"]["sections"]
        .as_array()
        .and_then(|all| {
            all.iter()
                .find(|s| s["needsAcknowledgement"] == json!(true))
        })
        .expect("the example has a section with a high finding")["section"]
        .clone();
    w.ok(
        "acknowledge_findings",
        json!({"documentId": id, "section": flagged}),
    );
}
