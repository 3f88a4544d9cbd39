fn main() {
    // Every app command must be listed here: tauri-build then generates an
    // `allow-<command>` permission for each, and a command is callable only from
    // windows whose capability grants that permission explicitly.
    let manifest = tauri_build::AppManifest::new().commands(&["app_info"]);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .expect("tauri-build failed: check tauri.conf.json and capabilities/");
}
