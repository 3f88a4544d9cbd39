//! A sandbox on loopback and clients of its tenants, plus the admin calls the tests
//! need (request counters, fault injection).

#![allow(dead_code)] // each test file uses its own part of this module

pub mod raw;

use std::collections::BTreeMap;
use std::time::Duration;

use kyb_api::client::install_tls_provider;
use kyb_api::retry::RetryPolicy;
use kyb_api::{ApiError, Client, ClientConfig, Credentials, Operation, Secret};
use kyb_sandbox::{ADMIN_HEADER, Manifest, RunningSandbox, Sandbox, SandboxConfig};
use reqwest::Url;
use serde_json::Value;

pub struct World {
    pub sandbox: RunningSandbox,
    admin: reqwest::Client,
}

impl World {
    pub async fn start() -> Self {
        let sandbox = Sandbox::start(SandboxConfig::default())
            .await
            .expect("sandbox starts");
        install_tls_provider();
        Self {
            sandbox,
            admin: reqwest::Client::new(),
        }
    }

    pub fn manifest(&self) -> &Manifest {
        &self.sandbox.manifest
    }

    /// A client of the first tenant, with quick retries.
    pub fn client(&self) -> Client {
        let tenant = &self.manifest().tenants[0];
        self.client_as(&tenant.api_key, &tenant.workspace_id.to_string(), |_| {})
    }

    pub fn client_as(
        &self,
        api_key: &str,
        workspace_id: &str,
        tweak: impl FnOnce(&mut ClientConfig),
    ) -> Client {
        let mut config = ClientConfig::new(
            Url::parse(&self.manifest().base_url).expect("sandbox address"),
            Credentials {
                api_key: Secret::new(api_key),
                workspace_id: workspace_id.to_owned(),
            },
        );
        config.retry = RetryPolicy {
            base_delay: Duration::from_millis(20),
            ..RetryPolicy::default()
        };
        tweak(&mut config);
        Client::new(config).expect("client")
    }

    /// A client whose key the sandbox has revoked.
    pub fn revoked(&self) -> Client {
        let workspace = self.manifest().tenants[0].workspace_id.to_string();
        self.client_as(&self.manifest().revoked_api_key.clone(), &workspace, |_| {})
    }

    /// A valid key with an inactive workspace.
    pub fn inactive_workspace(&self) -> Client {
        let key = self.manifest().tenants[0].api_key.clone();
        self.client_as(
            &key,
            &self.manifest().inactive_workspace_id.to_string(),
            |_| {},
        )
    }

    fn admin_url(&self, path: &str) -> String {
        format!("{}/_sandbox/{path}", self.manifest().base_url)
    }

    /// How many requests each route has received ("METHOD /path/{param}").
    pub async fn counters(&self) -> BTreeMap<String, u64> {
        self.admin
            .get(self.admin_url("counters"))
            .header(ADMIN_HEADER, &self.manifest().admin_token)
            .send()
            .await
            .expect("admin answers")
            .json()
            .await
            .expect("counters")
    }

    pub async fn count(&self, operation: Operation) -> u64 {
        self.counters()
            .await
            .get(operation.route())
            .copied()
            .unwrap_or(0)
    }

    pub async fn add_fault(&self, fault: Value) {
        let response = self
            .admin
            .post(self.admin_url("faults"))
            .header(ADMIN_HEADER, &self.manifest().admin_token)
            .json(&fault)
            .send()
            .await
            .expect("admin answers");
        assert!(response.status().is_success(), "fault {fault} refused");
    }

    /// Makes a file's detail version-1 only, like a file from before version 2.
    pub async fn make_legacy(&self, document_id: &str) {
        let response = self
            .admin
            .post(self.admin_url(&format!("legacy/{document_id}")))
            .header(ADMIN_HEADER, &self.manifest().admin_token)
            .send()
            .await
            .expect("admin answers");
        assert!(
            response.status().is_success(),
            "legacy {document_id} refused"
        );
    }

    /// Sends a raw body to an operation as the first tenant, bypassing the client's
    /// own validation, and maps the answer as the client would.
    pub async fn raw_error(&self, operation: Operation, path: &str, body: Value) -> ApiError {
        let tenant = &self.manifest().tenants[0];
        let response = self
            .admin
            .post(format!("{}{path}", self.manifest().base_url))
            .header("SERVICE-API-KEY", &tenant.api_key)
            .header("X-Workspace", tenant.workspace_id.to_string())
            .json(&body)
            .send()
            .await
            .expect("sandbox answers");
        let status = response.status().as_u16();
        let bytes = response.bytes().await.expect("body");
        ApiError::from_answer(operation, status, &bytes)
    }
}

pub fn agent() -> String {
    "agente@kybdesk.mx".to_owned()
}
