//! What follows from `declared_commands.rs` for the UI and the windows: the typed client
//! `ui/src/api/commands.ts` (its argument and answer types from ts-rs, so a wrong command
//! name or argument type fails `tsc`), the bindings of every type it names, and each
//! window's capability file. The tests below fail when a committed file differs from
//! what the declaration makes; `make bindings` rewrites them.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use ts_rs::{Config, ExportError, TS, TypeVisitor};

use crate::js_name as camel_case;

/// `tauri::ipc::Channel<T>` as the window passes it: a `Channel` of `@tauri-apps/api/core`.
pub struct Channel<T>(PhantomData<T>);

impl<T: TS> TS for Channel<T> {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn name(cfg: &Config) -> String {
        format!("Channel<{}>", T::name(cfg))
    }

    fn inline(cfg: &Config) -> String {
        format!("Channel<{}>", T::inline(cfg))
    }

    fn visit_dependencies(v: &mut impl TypeVisitor)
    where
        Self: 'static,
    {
        T::visit_dependencies(v);
    }

    fn visit_generics(v: &mut impl TypeVisitor)
    where
        Self: 'static,
    {
        T::visit_generics(v);
        v.visit::<T>();
    }
}

/// A `tauri::ipc::Response` of raw bytes: an `ArrayBuffer` in the window.
pub struct Bytes;

/// A `serde_json::Value` the backend passes along without reading it.
pub struct Json;

macro_rules! plain_ts {
    ($($marker:ty => $ts:literal),*) => {$(
        impl TS for $marker {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;

            fn name(_: &Config) -> String {
                $ts.to_owned()
            }

            fn inline(cfg: &Config) -> String {
                Self::name(cfg)
            }
        }
    )*};
}

plain_ts!(Bytes => "ArrayBuffer", Json => "unknown");

/// One declared command, its types in TypeScript.
struct Described {
    name: &'static str,
    /// Its doc comment in the declaration, its lines joined (empty when it has none).
    doc: String,
    /// Rust name, TypeScript type.
    args: Vec<(&'static str, String)>,
    answer: String,
    windows: Vec<&'static str>,
}

/// The types the declared commands name: the exported ones (a ts-rs binding each), by
/// TypeScript name; with `export`, each is written with what it depends on.
struct Named<'a> {
    cfg: &'a Config,
    export: bool,
    bindings: BTreeMap<String, PathBuf>,
    exported: Result<(), ExportError>,
}

impl<'a> Named<'a> {
    /// A visitor over the declared types that only names them, or (`export`) also
    /// writes each binding.
    fn new(cfg: &'a Config, export: bool) -> Self {
        Self {
            cfg,
            export,
            bindings: BTreeMap::new(),
            exported: Ok(()),
        }
    }
}

impl TypeVisitor for Named<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        let Some(path) = T::output_path() else {
            return;
        };
        self.bindings.insert(T::ident(self.cfg), path);
        if self.export && self.exported.is_ok() {
            self.exported = T::export_all(self.cfg);
        }
    }
}

impl Named<'_> {
    fn ts<T: TS + 'static>(&mut self) -> String {
        self.visit::<T>();
        T::visit_generics(self);
        T::name(self.cfg)
    }
}

macro_rules! describe {
    (
        types { $($types:tt)* }
        commands { $(
            $( #[doc = $doc:literal] )*
            $module:ident :: $name:ident ( $( $arg:ident : $arg_ty:ty ),* ) -> $answer:ty ,
            [ $( $window:ident ),+ ] ;
        )* }
    ) => {
        mod declared {
            #![allow(unused_imports)]
            use super::{Bytes, Channel, Described, Json, Named};
            $($types)*

            pub(super) fn commands(named: &mut Named<'_>) -> Vec<Described> {
                vec![$(
                    Described {
                        name: stringify!($name),
                        doc: [$( $doc ),*].iter().map(|line: &&str| line.trim()).collect::<Vec<_>>().join(" "),
                        args: vec![$( (stringify!($arg), named.ts::<$arg_ty>()) ),*],
                        answer: named.ts::<$answer>(),
                        windows: vec![$( stringify!($window) ),+],
                    },
                )*]
            }
        }
    };
}

crate::with_commands!(describe);

/// Writes the binding of every type a declared command names (with what it depends on).
pub fn export_types(cfg: &Config) -> Result<(), ExportError> {
    let mut named = Named::new(cfg, true);
    declared::commands(&mut named);
    named.exported
}

/// `ui/src/api/commands.ts`.
pub fn client_module() -> String {
    let cfg = Config::new();
    let mut named = Named::new(&cfg, false);
    let commands = declared::commands(&mut named);
    let mut out = String::from(
        "// Generated from src-tauri/src/declared_commands.rs by src-tauri/src/bindings/command_client.rs \
         (`make bindings`). Do not edit this file manually.\n\
         // Every command the windows may call, one function each: its arguments in the Rust \
         function's order (a channel's as a listener), its failure thrown as an AppError.\n",
    );
    let channels = commands
        .iter()
        .flat_map(|c| &c.args)
        .any(|(_, ts)| ts.contains("Channel<"));
    out.push_str(if channels {
        "import { Channel, invoke } from \"@tauri-apps/api/core\";\n"
    } else {
        "import { invoke } from \"@tauri-apps/api/core\";\n"
    });
    for (ident, path) in &named.bindings {
        let from = path.with_extension("");
        let _ = writeln!(
            out,
            "import type {{ {ident} }} from \"../bindings/{}\";",
            from.display()
        );
    }
    out.push_str("import { asAppError } from \"./appError\";\n");

    out.push_str(
        "\n/** Each command's arguments, by the names the window sends (the Rust names in camelCase). */\n\
         export type CommandArgs = {\n",
    );
    for c in &commands {
        let fields: Vec<String> = c
            .args
            .iter()
            .map(|(rust, ts)| format!("{}: {ts}", camel_case(rust)))
            .collect();
        let shape = if fields.is_empty() {
            "Record<string, never>".to_owned()
        } else {
            format!("{{ {} }}", fields.join("; "))
        };
        let _ = writeln!(out, "  {}: {shape};", c.name);
    }
    out.push_str("};\n\n/** Each command's answer. */\nexport type CommandAnswers = {\n");
    for c in &commands {
        let _ = writeln!(out, "  {}: {};", c.name, c.answer);
    }
    out.push_str(
        "};\n\nexport type CommandName = keyof CommandArgs;\n\n\
         /** Every command's name, for the IPC mocks of the UI's tests. */\n\
         export const command = {\n",
    );
    for c in &commands {
        let _ = writeln!(out, "  {0}: \"{0}\",", c.name);
    }
    out.push_str(
        "} as const satisfies { [K in CommandName]: K };\n\n\
         /** The windows whose capability allows each command. */\n\
         export const commandWindows: { [K in CommandName]: readonly string[] } = {\n",
    );
    for c in &commands {
        let windows: Vec<String> = c.windows.iter().map(|w| format!("\"{w}\"")).collect();
        let _ = writeln!(out, "  {}: [{}],", c.name, windows.join(", "));
    }
    out.push_str(CALL);
    if channels {
        out.push_str(CHANNEL);
    }
    for c in &commands {
        out.push_str(&client_function(c));
    }
    out
}

/// How the functions send: `invoke`, its failure as an AppError; a channel's messages to
/// the caller's listener.
const CALL: &str = "};

/** Sends one command; its failure arrives as an AppError. */
async function call<K extends CommandName>(command: K, args: CommandArgs[K]): Promise<CommandAnswers[K]> {
  try {
    return await invoke<CommandAnswers[K]>(command, args);
  } catch (error) {
    throw asAppError(error);
  }
}
";

const CHANNEL: &str = "
/** A channel whose every message goes to `listener`. */
function channel<T>(listener: (message: T) => void): Channel<T> {
  const made = new Channel<T>();
  made.onmessage = listener;
  return made;
}

/** Sends a command whose arguments hold channels: a channel that cannot be made (no
 * backend) fails the call as an AppError too, never synchronously. */
function sending<T>(send: () => Promise<T>): Promise<T> {
  try {
    return send();
  } catch (error) {
    return Promise.reject(asAppError(error));
  }
}
";

/// One command's function: its doc, its parameters (a `Channel<T>` taken as a listener
/// of `T`), and the call.
fn client_function(c: &Described) -> String {
    let mut params = Vec::new();
    let mut args = Vec::new();
    let mut channels = false;
    // The doc names the arguments as the window does; a `*/` would end the comment.
    let mut doc = c.doc.replace("*/", "*\\/");
    for (rust, ts) in &c.args {
        doc = doc.replace(&format!("`{rust}`"), &format!("`{}`", camel_case(rust)));
        let name = camel_case(rust);
        match ts
            .strip_prefix("Channel<")
            .and_then(|inner| inner.strip_suffix('>'))
        {
            Some(message) => {
                params.push(format!("{name}: (message: {message}) => void"));
                args.push(format!("{name}: channel({name})"));
                channels = true;
            }
            None => {
                params.push(format!("{name}: {ts}"));
                args.push(name);
            }
        }
    }
    let args = if args.is_empty() {
        "{}".to_owned()
    } else {
        format!("{{ {} }}", args.join(", "))
    };
    let doc = if doc.is_empty() {
        String::new()
    } else {
        format!("\n/** {doc} */")
    };
    let call = format!("call(\"{}\", {args})", c.name);
    let body = if channels {
        format!("sending(() => {call})")
    } else {
        call
    };
    format!(
        "{doc}\nexport const {} = ({}) => {body};\n",
        camel_case(c.name),
        params.join(", ")
    )
}

/// A window's capability file, as `tauri-build` reads it.
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Capability {
    #[serde(rename = "$schema")]
    schema: String,
    identifier: String,
    description: String,
    windows: Vec<String>,
    permissions: Vec<String>,
}

/// Where the committed capability files are.
pub fn capabilities_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("capabilities")
}

/// Each window's capability file (by file name) as the declaration makes it from the one
/// committed: its own fields and non-command permissions kept, its `allow-<command>`
/// entries those of the commands declared for the window, in their order.
pub fn capabilities(dir: &Path) -> std::io::Result<BTreeMap<String, String>> {
    let cfg = Config::new();
    let mut named = Named::new(&cfg, false);
    let commands = declared::commands(&mut named);
    let mut labels: Vec<&str> = commands.iter().flat_map(|c| c.windows.clone()).collect();
    labels.sort_unstable();
    labels.dedup();
    let mut files = BTreeMap::new();
    for label in labels {
        let file = format!("{label}.json");
        let text = std::fs::read_to_string(dir.join(&file))?;
        let mut capability: Capability =
            serde_json::from_str(&text).map_err(std::io::Error::other)?;
        if capability.windows != [label] {
            return Err(std::io::Error::other(format!(
                "{file} must bind the window {label} alone"
            )));
        }
        // A command's permission has no `plugin:` prefix (`core:event:allow-listen` has one).
        let others = capability.permissions.iter().filter(|p| p.contains(':'));
        capability.permissions = commands
            .iter()
            .filter(|c| c.windows.contains(&label))
            .map(|c| format!("allow-{}", c.name.replace('_', "-")))
            .chain(others.cloned())
            .collect();
        let mut json = serde_json::to_string_pretty(&capability).map_err(std::io::Error::other)?;
        json.push('\n');
        files.insert(file, json);
    }
    Ok(files)
}

/// Where the generated client goes.
pub fn client_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/src/api/commands.ts")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn update() -> bool {
        std::env::var_os("UPDATE_BINDINGS").is_some()
    }

    #[test]
    fn committed_command_client_matches_the_declaration() {
        let fresh = client_module();
        if update() {
            std::fs::write(client_path(), fresh).expect("write the client");
            return;
        }
        let committed = std::fs::read_to_string(client_path()).unwrap_or_default();
        assert!(
            committed == fresh,
            "ui/src/api/commands.ts is stale: run `make bindings` and commit the result"
        );
    }

    #[test]
    fn committed_capabilities_match_the_declaration() {
        let dir = capabilities_dir();
        let fresh = capabilities(&dir).expect("capabilities");
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .expect("capabilities/")
            .map(|entry| entry.expect("entry").file_name().to_string_lossy().into())
            .collect();
        files.sort_unstable();
        assert_eq!(
            files,
            fresh.keys().cloned().collect::<Vec<_>>(),
            "one capability per window that a declared command names, no other"
        );
        for (file, json) in fresh {
            if update() {
                std::fs::write(dir.join(&file), json).expect("write the capability");
                continue;
            }
            let committed = std::fs::read_to_string(dir.join(&file)).expect("committed");
            assert_eq!(
                committed, json,
                "capabilities/{file} differs from declared_commands.rs: run `make bindings`"
            );
        }
    }

    /// tauri-build writes a permission file for each declared command when the app is
    /// built, but never removes one: a command taken out of the declaration would stay
    /// allowable by name. The committed files are exactly the declared commands'.
    #[test]
    fn committed_permissions_match_the_declaration() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("permissions/autogenerated");
        let declared: std::collections::BTreeSet<&str> =
            crate::DECLARED_COMMANDS.iter().map(|c| c.name).collect();
        let mut stale = Vec::new();
        let mut found = std::collections::BTreeSet::new();
        for entry in std::fs::read_dir(&dir).expect("permissions/autogenerated/") {
            let path = entry.expect("entry").path();
            let name = path
                .file_stem()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_owned();
            if !declared.contains(name.as_str()) {
                stale.push(name);
                if update() {
                    std::fs::remove_file(&path).expect("a stale permission removed");
                }
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a permission file");
            assert!(
                text.contains(&format!("commands.allow = [\"{name}\"]")),
                "{}: allows its own command only",
                path.display()
            );
            found.insert(name);
        }
        if !update() {
            assert!(
                stale.is_empty(),
                "permissions of undeclared commands: {stale:?} (`make bindings` removes them)"
            );
        }
        let missing: Vec<_> = declared.iter().filter(|n| !found.contains(**n)).collect();
        assert!(
            missing.is_empty(),
            "declared commands without a permission file: {missing:?} (build the app: tauri-build writes them)"
        );
    }

    #[test]
    fn arguments_cross_in_camel_case() {
        assert_eq!(camel_case("expected_sha256"), "expectedSha256");
        assert_eq!(camel_case("on_progress"), "onProgress");
        assert_eq!(camel_case("id"), "id");
    }
}
