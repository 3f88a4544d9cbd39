//! What every conformance test needs: a running sandbox and calls as a tenant.

#![allow(dead_code)] // each test file uses its own part of this module

use std::sync::OnceLock;

use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

use kyb_sandbox::{
    ADMIN_HEADER, API_KEY_HEADER, Manifest, RunningSandbox, Sandbox, SandboxConfig,
    WORKSPACE_HEADER,
};

/// The verification status catalogue, as the spec lists it.
pub const STATUSES: [&str; 8] = [
    "NoIniciado",
    "Enviado",
    "Abierto",
    "Iniciado",
    "Completado",
    "Expirado",
    "Rechazado",
    "SuspendidaPorRiesgo",
];

pub const KEY_DENIED: &str = "La API Key ha sido denegada, asegurate de mandar una API Key valida y con una suscripción activa";
pub const WORKSPACE_INVALID: &str = "El ID de Workspace no es válido o no está activo";

pub struct Harness {
    pub sandbox: RunningSandbox,
    pub http: Client,
}

impl Harness {
    pub async fn start() -> Self {
        Self::start_with(SandboxConfig::default()).await
    }

    pub async fn start_with(config: SandboxConfig) -> Self {
        let sandbox = Sandbox::start(config).await.expect("sandbox starts");
        kyb_api::client::install_tls_provider();
        Self {
            sandbox,
            http: Client::new(),
        }
    }

    pub fn manifest(&self) -> &Manifest {
        &self.sandbox.manifest
    }

    /// The bytes of a file the sandbox serves (photos, documents).
    pub async fn download(&self, url: &str) -> Vec<u8> {
        let response = self
            .http
            .get(url)
            .send()
            .await
            .expect("the sandbox answers");
        assert!(
            response.status().is_success(),
            "{url}: {}",
            response.status()
        );
        response.bytes().await.expect("the whole body").to_vec()
    }

    pub fn folio(&self, status: &str) -> String {
        self.manifest().examples.folios[status].clone()
    }

    /// Calls an operation as the first tenant, with the key and workspace given.
    pub async fn call_as(
        &self,
        method: Method,
        path: &str,
        key: &str,
        workspace: &str,
    ) -> (StatusCode, Value) {
        let (status, body) = self
            .call_as_unchecked(method.clone(), path, key, workspace)
            .await;
        assert_conforms(&method, path, status, &body);
        (status, body)
    }

    /// The same call without checking the answer against docs/openapi.yaml: for
    /// answers that are off the contract on purpose (injected faults).
    pub async fn call_as_unchecked(
        &self,
        method: Method,
        path: &str,
        key: &str,
        workspace: &str,
    ) -> (StatusCode, Value) {
        let response = self
            .http
            .request(method, format!("{}{path}", self.manifest().base_url))
            .header(API_KEY_HEADER, key)
            .header(WORKSPACE_HEADER, workspace)
            .send()
            .await
            .expect("the sandbox answers");
        let status = response.status();
        (status, response.json().await.expect("a JSON body"))
    }

    pub async fn call(&self, method: Method, path: &str) -> (StatusCode, Value) {
        let tenant = &self.manifest().tenants[0];
        let workspace = tenant.workspace_id.to_string();
        self.call_as(method, path, &tenant.api_key, &workspace)
            .await
    }

    pub async fn admin(&self, method: Method, path: &str, body: Option<Value>) -> Value {
        let mut request = self
            .http
            .request(
                method,
                format!("{}/_sandbox{path}", self.manifest().base_url),
            )
            .header(ADMIN_HEADER, &self.manifest().admin_token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("the sandbox answers");
        assert!(
            response.status().is_success(),
            "admin {path}: {}",
            response.status()
        );
        if response.status() == StatusCode::NO_CONTENT {
            return Value::Null;
        }
        response.json().await.expect("a JSON body")
    }

    pub async fn billable(&self) -> u64 {
        self.admin(Method::GET, "/outbox", None).await["billable"]
            .as_u64()
            .expect("a count")
    }
}

pub fn assert_envelope(body: &Value, code: u16, status: &str, message: &str) {
    assert_eq!(body["Code"], code, "Code in {body}");
    assert_eq!(body["Status"], status, "Status in {body}");
    assert_eq!(body["Message"], message, "Message in {body}");
}

impl Harness {
    /// The tracking `Data` of the example file.
    pub async fn example_tracking(&self) -> Value {
        let e = &self.manifest().examples;
        let request = json!({"FlowID": e.flow_id, "RFC": e.rfc, "AgentMail": "a@b.mx"});
        let (status, body) = self.post("/expedientes/v1/tracking", &request).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["Data"].clone()
    }

    /// Posts a JSON body as the first tenant.
    pub async fn post(&self, path: &str, body: &Value) -> (StatusCode, Value) {
        let tenant = &self.manifest().tenants[0];
        let response = self
            .http
            .post(format!("{}{path}", self.manifest().base_url))
            .header(API_KEY_HEADER, &tenant.api_key)
            .header(WORKSPACE_HEADER, tenant.workspace_id.to_string())
            .json(body)
            .send()
            .await
            .expect("the sandbox answers");
        let status = response.status();
        let answer = response.json().await.expect("a JSON body");
        assert_conforms(&Method::POST, path, status, &answer);
        (status, answer)
    }
}

impl Harness {
    /// GETs as the first tenant with extra headers.
    pub async fn get(&self, path: &str, extra: &[(&str, &str)]) -> (StatusCode, Value) {
        let tenant = &self.manifest().tenants[0];
        let mut request = self
            .http
            .get(format!("{}{path}", self.manifest().base_url))
            .header(API_KEY_HEADER, &tenant.api_key)
            .header(WORKSPACE_HEADER, tenant.workspace_id.to_string());
        for (name, value) in extra {
            request = request.header(*name, *value);
        }
        let response = request.send().await.expect("the sandbox answers");
        let status = response.status();
        let body = response.json().await.expect("a JSON body");
        assert_conforms(&Method::GET, path, status, &body);
        (status, body)
    }
}

/// `docs/openapi.yaml`, read once.
pub fn openapi() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/openapi.yaml");
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        serde_yaml_ng::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
    })
}

fn template_matches(template: &str, path: &str) -> bool {
    let (t, p): (Vec<&str>, Vec<&str>) = (template.split('/').collect(), path.split('/').collect());
    t.len() == p.len() && t.iter().zip(&p).all(|(t, p)| t.starts_with('{') || t == p)
}

/// Validates an answer of the service's routes against the operation's response
/// schema in `docs/openapi.yaml`; every conformance test's answers pass through here.
/// A status the document does not list for the operation is itself a failure.
pub fn assert_conforms(method: &Method, path: &str, status: StatusCode, body: &Value) {
    let doc = openapi();
    let path = path.split('?').next().unwrap_or(path);
    let Some((template, operations)) = doc["paths"]
        .as_object()
        .and_then(|paths| paths.iter().find(|(t, _)| template_matches(t, path)))
    else {
        panic!("{path} is not an operation of docs/openapi.yaml");
    };
    let method_key = method.as_str().to_lowercase();
    let mut response = &operations[&method_key]["responses"][status.as_str()];
    if let Some(reference) = response.get("$ref").and_then(Value::as_str) {
        response = doc
            .pointer(reference.trim_start_matches('#'))
            .unwrap_or(&Value::Null);
    }
    let schema = &response["content"]["application/json"]["schema"];
    assert!(
        !schema.is_null(),
        "{method} {template} answered {status}, which docs/openapi.yaml does not document"
    );
    // The whole document is the root, so the schema's #/components/... references resolve.
    let mut root = doc.clone();
    root["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
    root["allOf"] = json!([schema]);
    let validator =
        jsonschema::validator_for(&root).expect("docs/openapi.yaml holds valid schemas");
    let errors: Vec<String> = validator
        .iter_errors(body)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{method} {template} {status} does not match docs/openapi.yaml:\n  {}\nbody: {body}",
        errors.join("\n  ")
    );
}

impl Harness {
    /// The version-2 detail of a file, as the first tenant.
    pub async fn detail_v2(&self, document_id: impl std::fmt::Display) -> (StatusCode, Value) {
        self.get(
            &format!("/expedientes/detalle/{document_id}"),
            &[("X-api-version", "2")],
        )
        .await
    }
}
