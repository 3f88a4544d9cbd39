//! Operation 1, create file: `POST /expedientes/nuevo`.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use kyb_api::file::{DocumentStatus, SectionId, SectionStatus};
use kyb_api::requests::CreateFileRequest;
use kyb_api::validate;
use serde_json::json;
use uuid::Uuid;

use crate::auth::Caller;
use crate::clock;
use crate::envelope::{Envelope, read_body, validation_failed};
use crate::files::{BusinessFile, Section};
use crate::messages::{self, status};
use crate::state::{AppState, OutboxEvent};

pub async fn create_file(State(app): State<AppState>, caller: Caller, body: Bytes) -> Envelope {
    let mut world = app.lock();
    let request: CreateFileRequest = read_body(&body);
    let mut failures = validate::create_file(&request);
    let flow = (!request.flow_id.trim().is_empty())
        .then(|| world.flow(caller.workspace, &request.flow_id).cloned())
        .flatten();
    if !request.flow_id.trim().is_empty() && flow.is_none() {
        failures.push(validate::invalid("FlowId"));
    }
    // A given ClientId must name a commercial group of this workspace.
    let client = match request
        .client_id
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        None => None,
        Some(raw) => {
            let known = Uuid::parse_str(raw).ok().and_then(|id| {
                world
                    .files
                    .values()
                    .find(|f| f.workspace == caller.workspace && f.client_id == id)
                    .map(|f| (f.client_id, f.client_name.clone()))
            });
            if known.is_none() {
                failures.push(validate::invalid("ClientId"));
            }
            known
        }
    };
    let trial_exhausted = matches!(world.trial, Some((ws, 0)) if ws == caller.workspace);
    if trial_exhausted {
        failures.push(messages::TRIAL_LIMIT.to_owned());
    }
    let (Some(flow), Some(company), true) = (flow, request.company.clone(), failures.is_empty())
    else {
        return validation_failed(failures);
    };
    if let Some((ws, left)) = world.trial.as_mut()
        && *ws == caller.workspace
    {
        *left -= 1;
    }

    // The flow's sections, less ExcludeFlow, plus IncludeFlow (values not shown in the
    // spec: any identifier is taken as given).
    let excluded = request.exclude_flow.clone().unwrap_or_default();
    let mut section_ids: Vec<String> = flow
        .sections
        .iter()
        .filter(|id| !excluded.iter().any(|x| x.eq_ignore_ascii_case(id)))
        .cloned()
        .collect();
    for extra in request.include_flow.clone().unwrap_or_default() {
        if !extra.trim().is_empty() && !section_ids.iter().any(|id| id.eq_ignore_ascii_case(&extra))
        {
            section_ids.push(extra.trim().to_owned());
        }
    }
    let now = clock::now();
    let serial = world.next_serial();
    let document_id = Uuid::new_v4();
    let (client_id, client_name) = client.unwrap_or_else(|| {
        let name = request
            .client_name
            .clone()
            .unwrap_or_else(|| company.company_name.clone());
        (Uuid::new_v4(), name)
    });
    let company_rfc = company.company_rfc.clone().filter(|r| !r.trim().is_empty());
    let file = BusinessFile {
        document_id,
        workspace: caller.workspace,
        flow_id: flow.flow_id.clone(),
        company_id: Uuid::new_v4(),
        company_name: company.company_name.trim().to_owned(),
        company_rfc: company_rfc.clone().unwrap_or_default().to_uppercase(),
        client_id,
        client_name,
        external_id: request.external_id.clone(),
        contact_email: request
            .contact_email
            .clone()
            .filter(|c| !c.trim().is_empty()),
        contact_phone: request
            .contact_phone
            .clone()
            .filter(|c| !c.trim().is_empty()),
        channel_name: "API".into(),
        guest_url: format!("{}/_guest/{document_id}?t={serial:06}", app.base_url),
        status: DocumentStatus::Ingresado,
        sections: section_ids
            .iter()
            .filter(|id| SectionId::parse(id).limit.is_none())
            .map(|id| Section {
                id: id.clone(),
                status: SectionStatus::Pendiente,
                comments: Vec::new(),
            })
            .collect(),
        forms: flow.forms.clone(),
        persons: Vec::new(),
        branches: 1,
        branch_documents: 0,
        hostile_proofs: false,
        corporate_shareholder: None,
        created: now,
        updated: now,
    };
    // Asked to notify without a contact to notify (the spec does not refuse it): the
    // file is created and no one is notified on that channel.
    let contact = [
        (
            request.send_email == Some(true),
            "email",
            file.contact_email.clone(),
        ),
        (
            request.send_sms == Some(true),
            "sms",
            file.contact_phone.clone(),
        ),
    ];
    for (wanted, channel, target) in contact {
        if let (true, Some(target)) = (wanted, target) {
            world.outbox.push(OutboxEvent {
                at_utc: clock::iso_millis(now),
                workspace_id: caller.workspace,
                channel,
                kind: "file_created",
                target,
                detail: None,
                billable: false,
            });
        }
    }
    let data = json!({
        "DocumentId": document_id,
        "Url": file.guest_url,
        "ExternalId": file.external_id,
        "ClientId": file.client_id,
        "ClientName": file.client_name,
        "Company": {
            "CompanyId": file.company_id,
            "CompanyName": file.company_name,
            "CompanyRfc": company_rfc.map(|r| r.to_uppercase()),
        },
    });
    world.files.insert(document_id, file);
    Envelope::new(
        StatusCode::OK,
        status::SUCCESS_LOWER,
        messages::OK_CREATED,
        data,
    )
}
