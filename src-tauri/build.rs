// The commands, declared once (see the file's top).
include!("src/declared_commands.rs");

/// The declared commands' names (their types are not needed, nor resolvable, here).
macro_rules! command_names {
    (
        types { $($types:tt)* }
        commands { $(
            $( #[doc = $doc:literal] )*
            $module:ident :: $name:ident ( $($args:tt)* ) -> $answer:ty ,
            [ $( $window:ident ),+ ] ;
        )* }
    ) => {
        &[ $( stringify!($name) ),* ]
    };
}

fn main() {
    // Every app command is listed: tauri-build then generates an `allow-<command>`
    // permission for each, and a command is callable only from windows whose capability
    // grants that permission explicitly.
    let manifest = tauri_build::AppManifest::new().commands(with_commands!(command_names));
    println!("cargo:rerun-if-changed=src/declared_commands.rs");
    // The app embeds the built UI: a new `ui/dist` must rebuild it, or a test could run
    // an older UI (tauri-build itself watches only its config and capabilities).
    println!("cargo:rerun-if-changed=../ui/dist");
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .expect("tauri-build failed: check tauri.conf.json and capabilities/");
}
