//! The start-up contract of the `kyb-sandbox` binary, which other tools depend on.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use common::STATUSES;

#[test]
fn prints_one_json_line_with_the_contract_fields_then_serves() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kyb-sandbox"))
        .args(["--port", "0", "--seed", "7", "--files", "40"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("one line");
    let manifest: serde_json::Value = serde_json::from_str(&line).expect("the line is JSON");
    let base_url = manifest["base_url"].as_str().expect("base_url").to_owned();
    let served = std::net::TcpStream::connect(base_url.trim_start_matches("http://"));
    let _ = child.kill();
    let _ = child.wait();
    assert!(base_url.starts_with("http://127.0.0.1:"), "{base_url}");
    assert!(
        served.is_ok(),
        "accepts connections once the line is printed"
    );
    assert_eq!(manifest["tenants"].as_array().map(Vec::len), Some(2));
    for tenant in manifest["tenants"].as_array().expect("tenants") {
        assert!(tenant["api_key"].is_string() && tenant["workspace_id"].is_string());
    }
    for key in ["revoked_api_key", "inactive_workspace_id", "admin_token"] {
        assert!(manifest[key].is_string(), "{key}");
    }
    assert_eq!(manifest["trial"]["attempts"], 3);
    let examples = &manifest["examples"];
    for key in [
        "flow_id",
        "flow_id_fisica",
        "flow_id_complementary",
        "rfc",
        "document_id",
        "person_id_enrollment_allowed",
        "person_id_enrollment_denied",
        "other_tenant_folio",
        "altered_photo_folio",
    ] {
        assert!(examples[key].is_string(), "examples.{key}");
    }
    for status in STATUSES {
        assert!(
            examples["folios"][status].is_string(),
            "examples.folios.{status}"
        );
    }
}
