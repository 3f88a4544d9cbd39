//! What every conformance test needs: a running sandbox and calls as a tenant.

#![allow(dead_code)] // each test file uses its own part of this module

use reqwest::{Client, Method, StatusCode};
use serde_json::Value;

use kyb_sandbox::{
    ADMIN_HEADER, API_KEY_HEADER, Manifest, RunningSandbox, Sandbox, SandboxConfig,
    WORKSPACE_HEADER,
};

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
        Self {
            sandbox,
            http: Client::new(),
        }
    }

    pub fn manifest(&self) -> &Manifest {
        &self.sandbox.manifest
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
        (status, response.json().await.expect("a JSON body"))
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
        (status, response.json().await.expect("a JSON body"))
    }
}
