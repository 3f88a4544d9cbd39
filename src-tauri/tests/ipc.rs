//! Every command through Tauri's IPC layer (a mock window, the real handler), with the
//! argument names the UI sends, over the demo sandbox: what crosses is what the UI's
//! generated types say, and a failure crosses as `{ code, message, details }`.

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
use tauri_plugin_clipboard_manager::ClipboardExt;

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
        kyb_desk::preference_store::PreferenceStore::open(&app, dir.path(), &Default::default())
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

#[test]
fn every_command_answers_through_ipc() {
    let w = open();
    let examples = w.manifest.examples.clone();
    let id = examples.document_id.to_string();
    let folio = |status: &str| examples.folios[status].clone();

    assert_eq!(w.ok("app_info", json!({}))["demo"], json!(true));
    // This window was opened without the demo's files followed: no guide.
    assert_eq!(w.ok("demo_guide", json!({})), Value::Null);
    // On screen (not minimised, not hidden): nothing is notified.
    assert_eq!(
        w.ok(
            "notify_if_hidden",
            json!({"body": "1 expediente seguido cambió.", "pageHidden": false})
        ),
        json!(false)
    );
    assert_eq!(
        w.ok("startup_painted", json!({"rows": 3, "pageMs": 180.5})),
        Value::Null
    );
    // No policy on this machine's test: nothing is fixed.
    assert_eq!(w.ok("policy", json!({}))["state"], "none");
    let book = w.ok("profiles", json!({}));
    let profile_id = book["active"].as_str().expect("active profile").to_owned();
    let saved = w.ok(
        "save_profile",
        json!({"input": {"name": "Producción", "environment": {"kind": "staging"},
            "workspaceId": "6a1f0000-0000-4000-8000-000000000099",
            "agentEmail": "ana@kybdesk.mx", "flows": []}}),
    );
    let other = saved["id"].as_str().expect("id").to_owned();
    let with_reasons = w.ok(
        "save_reasons",
        json!({"profileId": other, "reasons": {"ProofAddress": [" Tiene más de tres meses "]}}),
    );
    assert_eq!(
        with_reasons["reasons"],
        json!({"ProofAddress": ["Tiene más de tres meses"]})
    );
    // Spanish is the default: kept as absent, and English as chosen.
    let english = w.ok(
        "save_customer_language",
        json!({"profileId": other, "language": "en"}),
    );
    assert_eq!(english["customerLanguage"], json!("en"));
    let spanish = w.ok(
        "save_customer_language",
        json!({"profileId": other, "language": "es-MX"}),
    );
    assert!(spanish.get("customerLanguage").is_none(), "{spanish}");
    assert_eq!(
        w.code(
            "save_customer_language",
            json!({"profileId": "nadie", "language": "en"})
        ),
        "no_profile"
    );
    assert_eq!(
        w.code(
            "save_reasons",
            json!({"profileId": other, "reasons": {"NoExiste": ["x"]}})
        ),
        "invalid_input"
    );
    let problems = w.ok(
        "check_profile",
        json!({"input": {"name": "Producción", "environment": {"kind": "custom", "base_url": "ftp://x"},
            "workspaceId": "x", "agentEmail": "ana@kybdesk.mx", "flows": []}}),
    );
    let fields: Vec<&str> = problems
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| p["field"].as_str().expect("field"))
        .collect();
    assert_eq!(fields, ["name", "environment", "workspaceId"]);
    assert_eq!(
        w.code(
            "save_profile",
            json!({"input": {"name": "", "environment": {"kind": "sandbox"},
            "workspaceId": "x", "agentEmail": "y", "flows": []}})
        ),
        "invalid_input"
    );
    // Stored by the plugin, on disk, with no key in it.
    let stored = std::fs::read_to_string(w._dir.path().join("profiles.json")).expect("stored");
    assert!(
        stored.contains("Producción") && stored.contains("Demostración"),
        "{stored}"
    );
    assert!(!stored.contains(&w.manifest.tenants[0].api_key));
    w.ok("activate_profile", json!({"id": other}));
    assert_eq!(
        w.code("verification", json!({"folio": "VD-1"})),
        "no_address"
    );
    assert_eq!(
        w.code("check_connection", json!({"profileId": other})),
        "no_address"
    );
    w.ok("delete_profile", json!({"id": other}));
    w.ok("activate_profile", json!({"id": profile_id}));

    let status = w.ok("key_status", json!({"profileId": profile_id}));
    assert_eq!(status["present"], json!(true));
    assert!(status.get("key").is_none());
    let key = w.manifest.tenants[0].api_key.clone();
    w.ok(
        "set_api_key",
        json!({"profileId": profile_id, "key": key, "sessionOnly": true}),
    );
    assert_eq!(
        w.ok("check_connection", json!({"profileId": profile_id})),
        Value::Null
    );

    let tracking = w.ok(
        "tracking",
        json!({"flowId": examples.flow_id, "rfc": examples.rfc}),
    );
    assert_eq!(tracking["tracking"]["DocumentId"], json!(id));
    assert_eq!(
        tracking["sections"].as_array().map(Vec::len),
        tracking["tracking"]["Comments"].as_array().map(Vec::len)
    );
    let answer = w.ok("file_detail", json!({"documentId": id}));
    assert_eq!(answer["version"], json!("2"));
    let detail = &answer["detail"];
    assert_eq!(detail["ExpedienteId"], json!(id));
    assert_eq!(
        w.ok("detail_changes", json!({"documentId": id}))["snapshots"],
        json!(1)
    );
    // A branch photo arrives as a data: URL the window's CSP allows.
    let photo = detail["Entidades"]
        .as_array()
        .and_then(|all| all.iter().find(|e| e["Tipo"] == "Sucursal"))
        .and_then(|branch| branch["Datos"]["ImagenesInteriores"][0].as_str())
        .expect("the example branch has interior photos")
        .to_owned();
    let image = w.ok("fetch_image", json!({"url": photo}));
    let image = image.as_str().expect("a data URL");
    assert!(
        image.starts_with("data:image/png;base64,iVBORw0KGgo"),
        "{image:.60}"
    );
    let missing = photo.replace("interior-1.png", "interior-99.txt");
    assert_eq!(w.code("fetch_image", json!({"url": missing})), "not_found");
    assert_eq!(
        w.code("fetch_image", json!({"url": "http://example.com/x.png"})),
        "unsafe_address",
        "plain http only for the demo sandbox"
    );

    // A review's material: the tracking, the detail and each section's evidence, whose
    // files are fetched by handle and cross as raw bytes.
    let material = w.ok(
        "review_material",
        json!({"flowId": examples.flow_id, "rfc": examples.rfc, "documentId": id}),
    );
    assert_eq!(material["detail"]["version"], json!("2"));
    let handle = material["evidence"]["documents"]
        .as_array()
        .and_then(|all| all.iter().find_map(|d| d["file"].as_str()))
        .expect("a document with a file")
        .to_owned();
    let file = w.ok("evidence_file", json!({"handle": handle}));
    let bytes = match w.call_raw(
        "evidence_bytes",
        json!({"handle": handle, "sha256": file["sha256"]}),
    ) {
        Ok(tauri::ipc::InvokeResponseBody::Raw(bytes)) => bytes,
        other => panic!("evidence_bytes answered {other:?}"),
    };
    assert_eq!(file["size"], json!(bytes.len()));
    assert_eq!(
        file["sha256"],
        json!(kyb_desk_core::hash::sha256_hex(&bytes))
    );
    assert_eq!(
        w.code(
            "evidence_bytes",
            json!({"handle": handle, "sha256": "0".repeat(64)})
        ),
        "file_changed",
        "the bytes are those of the facts the window was given, or none"
    );
    assert_eq!(
        w.code(
            "evidence_file",
            json!({"handle": "0123456789abcdef0123456789abcdef"})
        ),
        "not_found",
        "a handle no evidence gave leads nowhere"
    );
    let sections = material["evidence"]["sections"]
        .as_array()
        .expect("sections");
    let flagged = sections
        .iter()
        .find(|s| s["needsAcknowledgement"] == json!(true))
        .expect("the example has a section with a high finding")["section"]
        .clone();
    let clean = sections
        .iter()
        .find(|s| s["needsAcknowledgement"] == json!(false))
        .expect("and one without")["section"]
        .clone();
    assert_eq!(
        w.ok(
            "acknowledge_findings",
            json!({"documentId": id, "section": flagged})
        ),
        Value::Null
    );
    assert_eq!(
        w.code(
            "acknowledge_findings",
            json!({"documentId": id, "section": clean})
        ),
        "invalid_input",
        "nothing to acknowledge"
    );
    assert_eq!(
        w.code(
            "acknowledge_findings",
            json!({"documentId": id, "section": "NoSuchSection"})
        ),
        "not_found"
    );
    // A section's documents judged: its evidence back; a section the review has not
    // is none.
    assert_eq!(
        w.ok(
            "judge_section",
            json!({"documentId": id, "section": flagged})
        )["section"],
        flagged
    );
    assert_eq!(
        w.code(
            "judge_section",
            json!({"documentId": id, "section": "NoSuchSection"})
        ),
        "not_found"
    );
    // Risk lists: none, then the SAT's 69-B imported from the file "picked", and a hit
    // disposed of (a reason is required).
    assert_eq!(w.ok("risk_lists", json!({}))["lists"], json!([]));
    let imported = w.ok(
        "import_list",
        json!({"format": "sat69b", "onProgress": "__CHANNEL__:11"}),
    );
    assert_eq!(
        (
            imported["info"]["rows"].clone(),
            imported["info"]["version"].clone()
        ),
        (json!(4), json!(1))
    );
    assert_eq!(
        w.ok("risk_lists", json!({}))["lists"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    // No address is offered (no policy names one): nothing is fetched.
    assert_eq!(
        w.code(
            "import_list_from",
            json!({"format": "sat69", "onProgress": "__CHANNEL__:12"})
        ),
        "list_unreadable"
    );
    let disposal = |reason: &str| {
        json!({"request": {"documentId": id, "list": "sat69b", "row": "PEGJ750101AB8",
            "partyKey": "rfc:PEGJ750101AB8", "party": "Juan Pérez Gómez", "verdict": "false_positive",
            "reason": reason}})
    };
    assert_eq!(w.code("dispose_hit", disposal(" ")), "invalid_input");
    assert_eq!(
        w.ok("dispose_hit", disposal("Homónimo"))["verdict"],
        json!("false_positive")
    );
    // The evidence window: opened, told a section, which it reads; closed.
    let view = json!({"label": "Acta", "section": null, "documents": [], "entities": []});
    w.ok("open_evidence_window", json!({"title": "Evidencia"}));
    w.ok("show_evidence", json!({"view": view}));
    let evidence = w.window.get_webview_window("evidence").expect("opened");
    let shown = w
        .call_in(&evidence, "evidence_view", json!({}))
        .expect("it reads the shown section")
        .deserialize::<Value>()
        .expect("JSON");
    assert_eq!(shown, view);
    // A view too large to hand over: the window is told so, never left on the one before.
    let huge = json!({"label": "Sucursal", "section": null, "documents": [],
        "entities": [{"blob": "x".repeat(kyb_desk::evidence_window::MAX_VIEW_BYTES)}]});
    assert_eq!(w.code("show_evidence", json!({"view": huge})), "too_large");
    let shown = w
        .call_in(&evidence, "evidence_view", json!({}))
        .expect("it reads")
        .deserialize::<Value>()
        .expect("JSON");
    assert_eq!(
        (shown["label"].clone(), shown["tooLarge"].clone()),
        (json!("Sucursal"), json!(true))
    );
    // It may only read: a command that acts is refused to it.
    assert!(
        w.call_in(
            &evidence,
            "tracking",
            json!({"flowId": examples.flow_id, "rfc": examples.rfc})
        )
        .is_err()
    );
    assert!(
        w.call_in(&evidence, "show_evidence", json!({"view": view}))
            .is_err()
    );
    assert!(
        w.call("evidence_view", json!({})).is_err(),
        "the main window has no use for it"
    );
    w.ok("close_evidence_window", json!({}));

    // The form's draft: kept until a file is created, which drops it.
    let typed = w.ok(
        "save_new_file_draft",
        json!({"draft": {"flowId": examples.flow_id, "companyName": "Refaccionaria Norte"}}),
    );
    assert!(
        typed["savedAtUtc"]
            .as_str()
            .is_some_and(|at| !at.is_empty())
    );
    assert_eq!(w.ok("load_new_file_draft", json!({})), typed);
    let created = w.ok(
        "create_file",
        json!({"request": {"FlowID": examples.flow_id,
            "Company": {"CompanyName": "Refaccionaria Norte", "CompanyRFC": "RNO101010AB1"}}}),
    );
    assert!(created["DocumentId"].is_string());
    assert_eq!(w.ok("load_new_file_draft", json!({})), Value::Null);
    w.ok("save_new_file_draft", json!({"draft": {"rfc": "RNO"}}));
    w.ok("discard_new_file_draft", json!({}));
    assert_eq!(w.ok("load_new_file_draft", json!({})), Value::Null);
    assert_eq!(
        w.code("create_file", json!({"request": {"FlowID": ""}})),
        "validation"
    );

    let draft = json!({"documentId": id, "decisions": [{"seccion": "ProofAddress",
        "estatus": "Rechazada", "comentario": "Vencido", "entidadId": null,
        "entidadReferencia": null}], "mensajeGeneral": "", "notificarUsuario": true,
        "savedAtUtc": ""});
    w.ok("save_draft", json!({"draft": draft}));
    assert_eq!(
        w.ok("load_draft", json!({"documentId": id}))["decisions"][0]["comentario"],
        json!("Vencido")
    );
    w.ok("discard_draft", json!({"documentId": id}));
    assert_eq!(w.ok("load_draft", json!({"documentId": id})), Value::Null);

    let section = detail["Secciones"][0]
        .as_str()
        .expect("a section")
        .to_owned();
    // The review's draft makes the request: a rejection without its comment is
    // refused before it leaves, in its section.
    let rejection = |comment: &str| {
        json!({"documentId": id, "decisions": [{"seccion": section, "estatus": "Rechazada",
            "comentario": comment, "entidadId": null, "entidadReferencia": null}],
            "mensajeGeneral": "", "notificarUsuario": true, "savedAtUtc": ""})
    };
    w.ok("save_draft", json!({"draft": rejection("")}));
    let refused = w.ok("preview_correction", json!({"documentId": id}));
    assert_eq!(
        refused["failures"]
            .as_array()
            .expect("a list")
            .iter()
            .map(|p| (&p["field"], &p["rule"], &p["section"]))
            .collect::<Vec<_>>(),
        [(&json!("comentario"), &json!("required"), &json!(section))]
    );
    // Sent as previewed; a preview the draft no longer makes is refused.
    w.ok("save_draft", json!({"draft": rejection("Falta la firma")}));
    assert_eq!(
        w.code(
            "send_correction",
            json!({"documentId": id, "previewed": refused["previewed"]})
        ),
        "draft_changed"
    );
    let preview = w.ok("preview_correction", json!({"documentId": id}));
    assert_eq!(
        preview["request"]["secciones"][0]["comentario"],
        json!("Falta la firma")
    );
    let corrected = w.ok(
        "send_correction",
        json!({"documentId": id, "previewed": preview["previewed"]}),
    );
    assert_eq!(w.ok("load_draft", json!({"documentId": id})), Value::Null);
    assert_eq!(corrected["resumen"]["rechazadas"], json!(1));
    let added = w.ok(
        "add_complementary_info",
        json!({"request": {"documentId": id, "flowId": examples.flow_id_complementary}}),
    );
    assert!(added["sectionsAdded"].is_array());
    let link = w.ok(
        "enrollment_link",
        json!({"documentId": id, "personId": examples.person_id_enrollment_allowed}),
    );
    assert!(link["EnrollmentUrl"].is_string());
    let problems = w.ok(
        "check_new_file",
        json!({"request": {"FlowID": "", "Company": {"CompanyName": "Taller",
            "CompanyRFC": "tlg990101ab3"}, "SendSms": true, "ContactPhone": "331234"}}),
    );
    // SMS asked for is no reason to refuse, nor an RFC typed in lower case; a short
    // phone is.
    let placed: Vec<(&str, &str)> = problems
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| {
            (
                p["field"].as_str().unwrap_or(""),
                p["rule"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        placed,
        [("FlowId", "required"), ("ContactPhone", "invalid")]
    );
    let issued = w.ok("issued_links", json!({"documentId": id}));
    assert_eq!(
        issued[0]["personId"],
        json!(examples.person_id_enrollment_allowed.to_string())
    );
    assert_eq!(issued[0]["outcome"]["ok"], json!(true));
    let record = link["Id"].as_str().expect("the record's Id");
    assert!(
        issued[0]["summary"]
            .as_str()
            .is_some_and(|s| s.contains(record))
    );
    assert!(
        !issued
            .to_string()
            .contains(link["EnrollmentUrl"].as_str().unwrap_or("-")),
        "the link itself is not kept"
    );

    let sent = w.ok("verification", json!({"folio": folio("Enviado")}));
    assert_eq!(sent["verification"]["Folio"], json!(folio("Enviado")));
    assert_eq!(
        (
            &sent["canResend"],
            &sent["canCancel"],
            &sent["resendsSoFar"]
        ),
        (&json!(true), &json!(true), &json!(0))
    );
    w.ok("resend_verification", json!({"folio": folio("Enviado")}));
    assert_eq!(
        w.ok("verification", json!({"folio": folio("Enviado")}))["resendsSoFar"],
        json!(1),
        "counted from the audit log"
    );
    let done = w.ok("verification", json!({"folio": folio("Completado")}));
    assert_eq!(
        (&done["canResend"], &done["canCancel"]),
        (&json!(false), &json!(false))
    );
    // Each photo is downloaded and hashed by the backend.
    let photo = &done["verification"]["Photos"][0];
    let checked = w.ok(
        "check_photo",
        json!({"url": photo["Url"], "expectedSha256": photo["HashSha256"]}),
    );
    assert_eq!(checked["matches"], json!(true), "{:.80}", checked["sha256"]);
    assert_eq!(checked["sha256"], photo["HashSha256"]);
    assert!(
        checked["dataUrl"]
            .as_str()
            .is_some_and(|u| u.starts_with("data:image/"))
    );
    let wrong = w.ok(
        "check_photo",
        json!({"url": photo["Url"], "expectedSha256": "00".repeat(32)}),
    );
    assert_eq!(wrong["matches"], json!(false));
    w.ok("cancel_verification", json!({"folio": folio("Abierto")}));
    assert_eq!(
        w.code("cancel_verification", json!({"folio": folio("Completado")})),
        "state_conflict"
    );
    assert_eq!(
        w.code("verification", json!({"folio": "VD-NO"})),
        "not_found"
    );

    w.ok(
        "watch_file",
        json!({"flowId": examples.flow_id, "rfc": examples.rfc}),
    );
    let report = w.ok(
        "import_watchlist_csv",
        json!({"text": "AAA010101AA1\n", "defaultFlowId": examples.flow_id}),
    );
    assert_eq!(report["added"], json!(1));
    assert_eq!(
        w.ok("watchlist", json!({})).as_array().map(Vec::len),
        Some(3)
    );
    // Progress goes over a channel (its messages reach the page, not this test).
    let refreshed = w.ok(
        "refresh_watchlist",
        json!({"failedOnly": false, "onProgress": "__CHANNEL__:7"}),
    );
    assert_eq!(refreshed.as_array().map(Vec::len), Some(3));
    assert!(refreshed[0]["lastRefreshUtc"].is_string(), "{refreshed}");
    // SLA: the defaults until set; a policy out of bounds is refused; the board has a
    // clock per followed file.
    let mut policy = w.ok("sla_policy", json!({}));
    assert_eq!(policy["targets"]["queuedHours"], json!(8));
    policy["targets"]["queuedHours"] = json!(0);
    assert_eq!(
        w.code("set_sla_policy", json!({"policy": policy})),
        "invalid_input"
    );
    policy["targets"]["queuedHours"] = json!(4);
    let kept = w.ok("set_sla_policy", json!({"policy": policy}));
    assert_eq!(kept["targets"]["queuedHours"], json!(4));
    let board = w.ok("sla_board", json!({}));
    assert_eq!(board["clocks"].as_array().map(Vec::len), Some(3), "{board}");
    // The window says which notices it showed (a file no longer "por vencer" is
    // forgotten at the next read).
    w.ok(
        "sla_notices_shown",
        json!({"files": [{"flowId": examples.flow_id, "rfc": examples.rfc}]}),
    );
    // The webview cannot name a path: an argument it sends is ignored, and a debug
    // build saves in the tests' folder instead of asking in a dialog.
    let chosen_by_page = w._dir.path().join("elegida-por-la-pagina.csv");
    let exported = w._dir.path().join("seguimiento-kyb-desk.csv");
    assert_eq!(
        w.ok("export_watchlist_csv", json!({"path": chosen_by_page}))["rows"],
        json!(3)
    );
    assert!(!chosen_by_page.exists());
    let csv = std::fs::read_to_string(&exported).expect("written");
    assert!(csv.starts_with("RFC,FlowID,DocumentId,Empresa"), "{csv}");
    assert_eq!(csv.lines().count(), 4);
    w.ok(
        "mark_watch_seen",
        json!({"flowId": examples.flow_id, "rfc": examples.rfc}),
    );
    let followed = w.ok("watchlist", json!({}));
    let kept = followed
        .as_array()
        .and_then(|files| files.iter().find(|f| f["rfc"] == json!("AAA010101AA1")))
        .cloned()
        .expect("the file to unfollow");
    w.ok(
        "unwatch_file",
        json!({"flowId": examples.flow_id, "rfc": "AAA010101AA1"}),
    );
    // "Deshacer": the file back as it was.
    let back = w.ok("restore_watched_file", json!({"file": kept}));
    assert!(
        back.as_array()
            .is_some_and(|files| files.iter().any(|f| f == &kept)),
        "{back}"
    );
    w.ok(
        "unwatch_file",
        json!({"flowId": examples.flow_id, "rfc": "AAA010101AA1"}),
    );
    // Bulk actions on a selection: each row's outcome; a refresh of the rows, their
    // CSV in the selection's order, an unfollow of many and its undo.
    let rows = json!([
        {"flowId": examples.flow_id, "rfc": examples.rfc},
        {"flowId": examples.flow_id, "rfc": "AAA010101AA1"},
    ]);
    let report = w.ok(
        "refresh_files",
        json!({"rows": rows, "onProgress": "__CHANNEL__:8"}),
    );
    assert_eq!(report["done"], json!(1), "{report}");
    assert_eq!(report["outcomes"][0]["result"]["kind"], json!("done"));
    assert_eq!(
        report["outcomes"][1]["result"]["kind"],
        json!("not_followed")
    );
    assert_eq!(
        w.ok("export_files_csv", json!({"rows": rows}))["rows"],
        json!(1)
    );
    let selected =
        std::fs::read_to_string(w._dir.path().join("seleccion-kyb-desk.csv")).expect("written");
    assert_eq!(selected.lines().count(), 2, "{selected}");
    let gone = w.ok("unfollow_files", json!({"rows": rows}));
    assert_eq!(gone["report"]["done"], json!(1), "{gone}");
    assert_eq!(gone["list"].as_array().map(Vec::len), Some(1));
    let back = w.ok("restore_watched_files", json!({"files": gone["removed"]}));
    assert_eq!(back.as_array().map(Vec::len), Some(2));
    assert_eq!(
        w.code(
            "assign_files",
            json!({"rows": rows, "member": null, "onProgress": "__CHANNEL__:9"})
        ),
        "no_team"
    );

    let audit = w.ok("audit_entries", json!({}));
    assert_eq!(audit["unreadable"], json!(0));
    let entries = audit["entries"].as_array().cloned().unwrap_or_default();
    // Each state-changing call: its intent, then its result completing it.
    let results = entries
        .iter()
        .filter(|e| e["completes"].is_number())
        .count();
    assert_eq!(results, 8);
    assert_eq!(
        entries
            .iter()
            .filter(|e| e["outcome"]["code"] == json!("intent"))
            .count(),
        8
    );
    assert_eq!(w.ok("verify_audit", json!({}))["breaks"], json!([]));
    assert_eq!(
        w.ok("export_audit_csv", json!({"path": chosen_by_page}))["rows"],
        json!(entries.len())
    );
    assert!(w._dir.path().join("bitacora-kyb-desk.csv").exists() && !chosen_by_page.exists());
    // The dashboard over the desk's own log: the rejection sent above, with its reason;
    // its CSV saved under its suggested name, never where the page says.
    let figures = w.ok("dashboard", json!({"query": {"utcOffsetMinutes": -360}}));
    assert_eq!(figures["decisionsTotal"], json!(1), "{figures}");
    assert_eq!(
        figures["reasons"]["top"][0]["reason"],
        json!("Falta la firma")
    );
    assert_eq!(
        w.code("dashboard", json!({"query": {"from": "2026-02-30"}})),
        "invalid_input"
    );
    let saved = w.ok(
        "export_dashboard_csv",
        json!({"query": {}, "path": chosen_by_page}),
    );
    let csv = std::fs::read_to_string(w._dir.path().join("tablero-kyb-desk.csv"))
        .expect("the dashboard's CSV is saved");
    assert!(csv.contains("motivo_de_rechazo,Falta la firma,,1"), "{csv}");
    assert_eq!(Some(csv.lines().count() as u64 - 1), saved["rows"].as_u64());
    assert!(!chosen_by_page.exists());
    // A file's dossier: saved under its suggested name, its check passing, and its
    // export recorded in the log with its digest.
    let dossier = w.ok(
        "export_dossier",
        json!({"flowId": examples.flow_id, "rfc": examples.rfc, "documentId": id, "withDocuments": false}),
    );
    let zip = std::fs::read(w._dir.path().join(format!("expediente-auditoria-{id}.zip")))
        .expect("the dossier is saved");
    let check = kyb_desk_core::dossier::verify(&zip);
    assert!(check.holds(), "{:?}", check.problems);
    assert_eq!(check.digest.as_deref(), dossier["digest"].as_str());
    let last = w.ok("audit_entries", json!({}))["entries"]
        .as_array()
        .and_then(|all| all.last().cloned())
        .unwrap_or_default();
    assert_eq!(last["operation"], json!("desk: dossier-exported"));

    assert_eq!(
        w.code("open_external", json!({"url": "file:///etc/passwd"})),
        "unsafe_address"
    );
    // The real clipboard of the test's display (Xvfb under `make test`).
    let link = format!("{}/_guest/correccion?t=1", w.manifest.base_url);
    assert_eq!(w.ok("copy_text", json!({"text": link})), Value::Null);
    let pasted = w
        ._app
        .clipboard()
        .read_text()
        .expect("the clipboard reads back");
    assert_eq!(pasted, link);
    // A file's link, copied to paste into a chat; only a DocumentId makes one.
    let file_link = format!("kybdesk://expediente/{id}");
    assert_eq!(
        w.ok("copy_file_link", json!({"documentId": id.to_uppercase()})),
        json!(file_link)
    );
    assert_eq!(w._app.clipboard().read_text().ok(), Some(file_link));
    assert_eq!(
        w.code("copy_file_link", json!({"documentId": "../x"})),
        "invalid_input"
    );
    // The window listens for links to a file (they reach the page, not this test).
    assert_eq!(
        w.ok("file_links", json!({"onLink": "__CHANNEL__:8"})),
        Value::Null
    );
    let status = w.ok("key_status", json!({"profileId": profile_id}));
    assert_eq!(status["originConfirmed"], json!(true));
    assert_eq!(status["boundOrigin"], status["profileOrigin"]);
    // Nothing to confirm: no question is asked (this window's answer would be no).
    let confirmed = w.ok(
        "confirm_key_origin",
        json!({"profileId": profile_id, "language": "es-MX"}),
    );
    assert_eq!(confirmed["originConfirmed"], json!(true));
    // Nothing was set aside in this fresh folder.
    assert_eq!(w.ok("recoveries", json!({})), json!([]));
    // The window's preferences: the defaults, then one key changed, the rest kept.
    let preferences = w.ok("preferences", json!({}));
    assert_eq!(preferences["language"], json!("es-MX"));
    assert_eq!(preferences["theme"], json!("system"));
    let changed = w.ok(
        "set_preference",
        json!({"change": {"key": "theme", "value": "dark"}}),
    );
    assert_eq!(changed["theme"], json!("dark"));
    assert_eq!(changed["language"], json!("es-MX"));
    assert_eq!(w.ok("preferences", json!({}))["theme"], json!("dark"));
    // A key or a value the window does not know is refused as it crosses.
    for change in [
        json!({"key": "fontSize", "value": 14}),
        json!({"key": "theme", "value": "sepia"}),
    ] {
        assert!(
            w.call("set_preference", json!({ "change": change }))
                .is_err(),
            "{change}"
        );
    }
    assert_eq!(w.ok("preferences", json!({}))["theme"], json!("dark"));
    // Every answer so far was read and counted; the sandbox's follow the spec.
    let drift = w.ok("drift_report", json!({}));
    let tracking = &drift["operations"]["POST /expedientes/v1/tracking"];
    assert!(
        tracking["answers"].as_u64().is_some_and(|n| n > 0),
        "{drift}"
    );
    assert_eq!(tracking["unknownFields"], json!({}), "{drift}");
    let saved = w.ok("export_drift", json!({"path": chosen_by_page}));
    let exported: Value = serde_json::from_str(
        &std::fs::read_to_string(saved.as_str().expect("a path")).expect("written"),
    )
    .expect("JSON");
    assert_eq!(exported["kind"], json!("kyb-desk-drift"));
    assert_eq!(exported["report"], drift);
    // Diagnostics: nothing is saved before it was shown; then what was shown is saved.
    assert!(w.call("save_diagnostics", json!({})).is_err());
    let shown = w.ok("preview_diagnostics", json!({}));
    assert_eq!(shown["kind"], json!("kyb-desk-diagnostics"));
    let saved = w.ok("save_diagnostics", json!({}));
    let written: Value = serde_json::from_str(
        &std::fs::read_to_string(saved.as_str().expect("a path")).expect("written"),
    )
    .expect("JSON");
    assert_eq!(written, shown);
    // The demo profile works alone: the team's commands say so, each by its code (the
    // team's own behaviour is tested on PostgreSQL in the core and the journeys).
    let alone = w.ok("team_status", json!({}));
    assert_eq!(alone["configured"], json!(false));
    assert_eq!(alone["connected"], json!(false));
    // Alone, a file's history is the desk's own log (the findings acknowledged above,
    // with the entry's seq and hash), and nobody mentions anyone.
    let history = w.ok("file_history", json!({"documentId": id}));
    assert!(
        history
            .as_array()
            .expect("a list")
            .iter()
            .any(|item| item["what"] == json!("approval")
                && item["seq"].is_number()
                && item["hash"].is_string()),
        "{history}"
    );
    assert_eq!(w.ok("my_mentions", json!({"unseen": true})), json!([]));
    for (cmd, args) in [
        ("team_queue", json!({"filter": "all"})),
        ("take_next", json!({})),
        (
            "assign_file",
            json!({"flowId": "f", "rfc": "AAA010101AA1", "member": null}),
        ),
        ("claim_file", json!({"documentId": id, "takeLapsed": false})),
        ("release_file", json!({"documentId": id})),
        (
            "take_over_claim",
            json!({"documentId": id, "reason": "urgente"}),
        ),
        ("file_notes", json!({"documentId": id})),
        (
            "add_note",
            json!({"documentId": id, "body": "nota", "key": "0b5f2c1e-0000-4000-8000-000000000001"}),
        ),
        ("mentions_seen", json!({"ids": [1]})),
        ("share_view", json!({"id": 1, "shared": true})),
        ("team_members", json!({})),
        (
            "set_member_role",
            json!({"login": "ana.lopez", "role": "agent"}),
        ),
        (
            "add_member",
            json!({"login": "ana.lopez", "email": "a@b.mx", "role": "agent", "bind": false}),
        ),
        ("reset_member_password", json!({"login": "ana.lopez"})),
        ("export_team_checkpoint", json!({})),
        ("remove_member", json!({"login": "ana.lopez"})),
        ("team_trail", json!({})),
        (
            "set_four_eyes",
            json!({"setting": {"on": true, "resendLimit": 1}}),
        ),
        ("set_desk_version_needed", json!({"version": "1.2.0"})),
        (
            "ask_approval",
            json!({"action": "cancel", "folio": "VD-1", "reason": "x"}),
        ),
        ("open_approvals", json!({})),
        (
            "decide_approval",
            json!({"shown": {"id": 1, "action": "cancel", "folio": "VD-1", "askedBy": "ana.lopez"}, "approve": true}),
        ),
        ("team_workload", json!({})),
        ("set_member_cap", json!({"login": "ana.lopez", "cap": 5})),
        (
            "set_member_away",
            json!({"login": "ana.lopez", "until": "2030-01-02T09:00:00-06:00"}),
        ),
        (
            "set_member_away",
            json!({"login": "ana.lopez", "until": null}),
        ),
        (
            "preview_reassign",
            json!({"selection": {"type": "member_files", "login": "ana.lopez"}, "targets": ["beto.ruiz"]}),
        ),
        (
            "apply_reassign",
            json!({"placements": [{"flowId": "f", "rfc": "AAA010101AA1", "from": "ana.lopez", "to": "beto.ruiz"}]}),
        ),
        ("team_changes", json!({"onChange": "__CHANNEL__:9"})),
        (
            "set_team_password",
            json!({"profileId": profile_id, "password": "x"}),
        ),
    ] {
        assert_eq!(w.code(cmd, args), "no_team", "{cmd}");
    }
    // An absence's end that is no instant is refused before the team is asked.
    assert_eq!(
        w.code(
            "set_member_away",
            json!({"login": "ana.lopez", "until": "mañana"})
        ),
        "invalid_input"
    );
    // Saved views on one desk: kept in its records, never shared (nobody to share with).
    let filter =
        json!({"query": " acme ", "categories": ["queued"], "onlyChanged": true, "age": "older"});
    let views = w.ok(
        "save_view",
        json!({"name": "Pendientes", "filter": filter, "shared": false}),
    );
    assert_eq!(views[0]["name"], json!("Pendientes"));
    assert_eq!(views[0]["filter"]["query"], json!("acme"));
    assert_eq!(w.ok("saved_views", json!({})), views);
    assert_eq!(
        w.code(
            "save_view",
            json!({"name": "Equipo", "filter": filter, "shared": true})
        ),
        "invalid_input"
    );
    assert_eq!(
        w.ok("delete_view", json!({"id": views[0]["id"]})),
        json!([])
    );
    w.ok("delete_api_key", json!({"profileId": profile_id}));
    w.called_as_declared();
}

impl Window {
    /// Every declared command was called, with each of its arguments by the name the UI's
    /// generated client sends (`kyb_desk::js_name`) and no other: the declaration's names
    /// are the ones the Rust functions read. (Only the exports were also sent a `path`, on
    /// purpose: a page cannot name one.)
    fn called_as_declared(&self) {
        let called = self.called.borrow();
        let mut missing = Vec::new();
        for declared in kyb_desk::DECLARED_COMMANDS {
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

/// A window may call a command only when its capability allows it: each command that
/// `declared_commands.rs` does not declare for the main or the evidence window is refused
/// there by Tauri, before it runs, whatever it is sent.
#[test]
fn a_command_outside_a_windows_capability_is_refused() {
    let w = open();
    w.ok("open_evidence_window", json!({"title": "Evidencia"}));
    let evidence = w.window.get_webview_window("evidence").expect("opened");
    let mut refused = 0;
    for (label, window) in [("main", &w.window), ("evidence", &evidence)] {
        for declared in kyb_desk::DECLARED_COMMANDS {
            if declared.windows.contains(&label) {
                continue;
            }
            let error = w
                .call_in(window, declared.name, json!({}))
                .expect_err("refused");
            assert!(
                error.as_str().is_some_and(|e| e.contains("not allowed")),
                "{} in the {label} window: {error}",
                declared.name
            );
            refused += 1;
        }
    }
    // The evidence window may only read: everything but its four commands (its view,
    // a document's file and bytes, the window's preferences) is refused.
    assert_eq!(refused, kyb_desk::DECLARED_COMMANDS.len() - 4 + 1);
    // What its capability allows, it may call.
    assert_eq!(
        w.call_in(&evidence, "evidence_view", json!({}))
            .expect("allowed")
            .deserialize::<Value>()
            .expect("JSON"),
        Value::Null
    );
}

/// A script in the page (an attacker's, say) moves the profile to its own address and
/// confirms the key's new origin. The command asks the user in a native dialog, which the page
/// cannot answer: on the user's no the key stays bound where it was and goes nowhere
/// else; only their yes, to the origin the dialog named, moves it.
#[test]
fn a_page_script_confirming_a_keys_origin_does_not_move_the_key() {
    use std::sync::{Arc, Mutex};
    let asked = Arc::new(Mutex::new(Vec::new()));
    let answers = Mutex::new(vec![true, false]);
    let w = {
        let asked = asked.clone();
        open_answering(move |question| {
            asked.lock().expect("lock").push(question.message.clone());
            answers.lock().expect("lock").pop().unwrap_or(false)
        })
    };
    // No policy on this machine's test: nothing is fixed.
    assert_eq!(w.ok("policy", json!({}))["state"], "none");
    let book = w.ok("profiles", json!({}));
    let profile_id = book["active"].as_str().expect("active").to_owned();
    let profile = book["profiles"]
        .as_array()
        .expect("profiles")
        .iter()
        .find(|p| p["id"] == json!(profile_id))
        .expect("the active profile")
        .clone();
    let key = w.manifest.tenants[0].api_key.clone();
    w.ok(
        "set_api_key",
        json!({"profileId": profile_id, "key": key, "sessionOnly": true}),
    );
    let given_for = w.ok("key_status", json!({"profileId": profile_id}))["boundOrigin"].clone();
    assert!(given_for.is_string(), "{given_for}");

    // The page's script: its own address, then the confirmation.
    let page_address = "https://kyb.atacante.example";
    w.ok(
        "save_profile",
        json!({"input": {"id": profile_id, "name": profile["name"],
            "environment": {"kind": "custom", "base_url": page_address},
            "workspaceId": profile["workspaceId"], "agentEmail": profile["agentEmail"],
            "flows": profile["flows"]}}),
    );
    let status = w.ok(
        "confirm_key_origin",
        json!({"profileId": profile_id, "language": "es-MX"}),
    );
    assert_eq!(status["originConfirmed"], json!(false), "{status}");
    assert_eq!(status["boundOrigin"], given_for);
    assert_eq!(
        w.code("check_connection", json!({"profileId": profile_id})),
        "key_origin_changed"
    );
    // The user was asked, in Spanish, naming both origins.
    let questions = asked.lock().expect("lock").clone();
    assert_eq!(questions.len(), 1);
    assert!(
        questions[0].contains("kyb.atacante.example")
            && questions[0].contains(given_for.as_str().expect("origin"))
            && questions[0].contains("Si confirma"),
        "{questions:?}"
    );

    // The user's own yes in that dialog is what moves the key.
    let status = w.ok(
        "confirm_key_origin",
        json!({"profileId": profile_id, "language": "en"}),
    );
    assert_eq!(status["originConfirmed"], json!(true), "{status}");
    assert_ne!(status["boundOrigin"], given_for);
    assert!(asked.lock().expect("lock")[1].contains("If you confirm"));
}
