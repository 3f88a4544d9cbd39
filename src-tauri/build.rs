fn main() {
    // Every app command must be listed here: tauri-build then generates an
    // `allow-<command>` permission for each, and a command is callable only from
    // windows whose capability grants that permission explicitly.
    let manifest = tauri_build::AppManifest::new().commands(&[
        "app_info",
        "demo_guide",
        "profiles",
        "check_profile",
        "save_profile",
        "save_reasons",
        "delete_profile",
        "activate_profile",
        "key_status",
        "set_api_key",
        "delete_api_key",
        "confirm_key_origin",
        "check_connection",
        "tracking",
        "file_detail",
        "create_file",
        "request_correction",
        "add_complementary_info",
        "enrollment_link",
        "verification",
        "resend_verification",
        "cancel_verification",
        "save_draft",
        "load_draft",
        "discard_draft",
        "save_new_file_draft",
        "load_new_file_draft",
        "discard_new_file_draft",
        "audit_entries",
        "verify_audit",
        "recoveries",
        "drift_report",
        "export_drift",
        "export_audit_csv",
        "export_watchlist_csv",
        "open_external",
        "copy_text",
        "notify_if_hidden",
        "startup_painted",
        "fetch_image",
        "check_photo",
        "issued_links",
        "check_new_file",
        "check_correction",
        "detail_changes",
        "watchlist",
        "watch_file",
        "unwatch_file",
        "restore_watched_file",
        "import_watchlist_csv",
        "mark_watch_seen",
        "refresh_watchlist",
    ]);
    // The app embeds the built UI: a new `ui/dist` must rebuild it, or a test could run
    // an older UI (tauri-build itself watches only its config and capabilities).
    println!("cargo:rerun-if-changed=../ui/dist");
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .expect("tauri-build failed: check tauri.conf.json and capabilities/");
}
