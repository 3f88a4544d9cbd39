//! In demo mode, an agent creates a file: every rule is checked as the form is filled,
//! what is typed survives leaving the screen, the created file shows its DocumentId
//! and the user's link with a QR code (opened in the browser without the malloc
//! threshold the app gives WebKit), and it is then in the watchlist (and the form
//! starts empty again).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use kyb_e2e::with_demo_app;

const RFC: &str = "PLC150301AB2";
const MALLOC_THRESHOLD: &str = "MALLOC_MMAP_THRESHOLD_=";

/// The environment the desktop's launcher was started with for `link`. The launcher
/// is scripts/session.sh's stand-in for xdg-open, first on the app's PATH: it opens
/// nothing, and writes each link it is given, and its environment, into
/// `KYB_DESK_TEST_OPENED_DIR`.
/// The environments of this machine's WebKit web processes (the journeys run one app
/// at a time).
fn webkit_processes_environments() -> Vec<String> {
    let processes = std::fs::read_dir("/proc").expect("/proc");
    processes
        .flatten()
        .filter(|process| {
            std::fs::read_to_string(process.path().join("comm"))
                .is_ok_and(|name| name.trim_end().starts_with("WebKitWebProces"))
        })
        .filter_map(|process| std::fs::read(process.path().join("environ")).ok())
        .map(|environ| String::from_utf8_lossy(&environ).replace('\0', "\n"))
        .collect()
}

async fn opened_with(link: &str) -> String {
    let opened = PathBuf::from(std::env::var("KYB_DESK_TEST_OPENED_DIR").expect(
        "KYB_DESK_TEST_OPENED_DIR names where the desktop's launcher writes what it opened (scripts/session.sh --driver sets it)",
    ));
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        for entry in std::fs::read_dir(&opened)
            .expect("the launcher's folder")
            .flatten()
        {
            let path = entry.path();
            if path.extension().is_some_and(|ext| ext == "link")
                && std::fs::read_to_string(&path).is_ok_and(|given| given.trim() == link)
            {
                return std::fs::read_to_string(path.with_extension("env"))
                    .expect("the launcher's environment, written before its link");
            }
        }
        assert!(
            Instant::now() < until,
            "the launcher was never given {link}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn an_agent_creates_a_file_and_finds_it_in_the_watchlist() {
    with_demo_app(|app| async move {
        app.click("[data-testid=nav-newfile]").await;
        app.type_into(
            "[data-testid=new-company]",
            "Panadería La Central S.A. de C.V.",
        )
        .await;
        app.type_into("[data-testid=new-rfc]", RFC).await;
        // Leaving the screen loses nothing: the form comes back as it was left.
        app.wait_for_text("[data-testid=draft-status]", "Borrador guardado")
            .await;
        app.click("[data-testid=nav-watchlist]").await;
        app.click("[data-testid=nav-newfile]").await;
        app.wait_for_text("[data-testid=draft-status]", "Borrador recuperado")
            .await;
        assert_eq!(app.value_of("[data-testid=new-rfc]").await, RFC);
        // A phone short of 10 digits is refused before anything is sent, beside the
        // field, in the window's words for the failed rule, with its number of digits.
        app.click("[data-testid=new-send-sms]").await;
        app.type_into("[data-testid=new-phone]", "33 1234").await;
        // Said once the field is left (Tab), not at the first key.
        app.type_into("[data-testid=new-phone]", "\u{E004}").await;
        app.wait_for_text(
            "[data-testid=field-problem]",
            "El teléfono de contacto debe ser un número nacional de 10 dígitos",
        )
        .await;
        app.type_into("[data-testid=new-phone]", " 5678").await;
        // Additional data is checked as it is typed, and said once the field is left.
        app.type_into("[data-testid=new-data]", "{\"sucursal\": \u{E004}")
            .await;
        app.wait_for_text("[data-testid=field-problem]", "No es JSON válido")
            .await;
        app.type_into("[data-testid=new-data]", "12}").await;
        app.wait_for_text(".new-file", "Listo para crear.").await;

        app.click("[data-testid=create-file]").await;
        let created = app
            .wait_for_text("[data-testid=created-file]", "Expediente creado")
            .await;
        assert!(created.contains("se agregó a su seguimiento"), "{created}");
        let id = app.text_of("[data-testid=created-id]").await;
        assert_eq!(id.len(), 36, "a UUID: {id}");
        let url = app.text_of("[data-testid=created-url]").await;
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        app.attribute_of("[data-testid=created-file] [data-testid=qr]", "src")
            .await;
        // The link opens in the browser through the desktop's launcher, which does not
        // get the malloc threshold the app sets for WebKit's own processes.
        app.click("[data-testid=open-url]").await;
        let launcher_env = opened_with(&url).await;
        assert!(
            !launcher_env.contains(MALLOC_THRESHOLD),
            "the launcher got the app's malloc threshold: {launcher_env}"
        );
        // …which they do get (or the line above would hold of an app that set none).
        assert!(
            webkit_processes_environments()
                .iter()
                .any(|env| env.contains(&format!("{MALLOC_THRESHOLD}131072"))),
            "no WebKit process of the app has the malloc threshold"
        );

        app.click("[data-testid=nav-watchlist]").await;
        app.wait_for_text("[data-testid=watch-row]", RFC).await;

        // The draft went with the creation; the empty form waits without a word of
        // what is missing until a field is left or a creation tried.
        app.click("[data-testid=nav-newfile]").await;
        app.wait_for_text(".new-file", "Los campos marcados con * son obligatorios.")
            .await;
        assert_eq!(app.value_of("[data-testid=new-company]").await, "");
        let form = app.text_of(".new-file").await;
        assert!(!form.contains("por corregir"), "{form}");
    })
    .await;
}
