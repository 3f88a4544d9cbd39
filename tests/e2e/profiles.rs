//! Profiles after the first run, against a sandbox this test owns: a second profile is
//! added (its wrong key refused, the profile kept, the key fixed), chosen, and its own
//! empty watchlist shown; a key that stops working is found from the screen where it
//! failed and fixed on the Profiles screen; a key is removed and a profile deleted,
//! each after a question. Keys go to the session's real keyring.

use kyb_e2e::{App, ProfileEntry, with_app};
use kyb_sandbox::{Sandbox, SandboxConfig};

fn card(name: &str) -> String {
    format!("[data-testid=profile-card][data-name='{name}']")
}

async fn open_profiles(app: &App) {
    app.click("[data-testid=nav-profiles]").await;
    app.wait_for_text("h2", "Perfiles").await;
}

#[tokio::test]
async fn profiles_are_added_switched_fixed_and_deleted() {
    let sandbox = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let manifest = sandbox.manifest.clone();
    // The other tenant's flow (each workspace has its own flows).
    let (second_flow, _) = sandbox
        .followable_files(manifest.tenants[1].workspace_id)
        .into_iter()
        .next()
        .expect("the second tenant has files");
    with_app(move |app| async move {
        let first = ProfileEntry::for_tenant(&manifest);
        first.fill(&app).await;
        app.click_button("Guardar y probar conexión").await;
        app.wait_for_text(".empty", "No sigue ningún expediente")
            .await;
        app.follow(&manifest.examples.rfc).await;
        app.wait_for_text("[data-testid=watch-row]", &manifest.examples.rfc)
            .await;

        // The chip in the top bar leads to the profiles; the key is shown by its end only.
        app.click("[data-testid=active-profile]").await;
        let key = &first.api_key;
        let status = app
            .wait_for_text(
                &format!("{} [data-testid=profile-key-status]", card("Pruebas")),
                &key[key.len() - 4..],
            )
            .await;
        assert!(status.contains("llavero del sistema"), "{status}");
        assert!(!app.page_text().await.contains(key.as_str()));

        // A second profile on the other tenant: a revoked key is refused, the profile
        // is kept, and the right key connects it.
        app.click("[data-testid=profile-add]").await;
        let second = ProfileEntry {
            name: "Segundo despacho".into(),
            workspace: manifest.tenants[1].workspace_id.to_string(),
            flow_id: second_flow,
            api_key: manifest.revoked_api_key.clone(),
            ..ProfileEntry::for_tenant(&manifest)
        };
        second.fill_form(&app).await;
        app.click_button("Guardar y probar conexión").await;
        app.wait_for_text("[data-testid=error-notice]", "API Key ha sido denegada")
            .await;
        app.text_of("[data-testid=saved-not-connected]").await;
        app.replace_text("[data-testid=profile-key]", &manifest.tenants[1].api_key)
            .await;
        app.click_button("Guardar y probar conexión").await;
        app.wait_for_text("[data-testid=profiles-done]", "«Segundo despacho» guardado")
            .await;

        // Chosen: the top bar says so, and its watchlist is its own (empty).
        app.click(&format!(
            "{} [data-testid=profile-use]",
            card("Segundo despacho")
        ))
        .await;
        app.wait_for_text("[data-testid=active-profile]", "Segundo despacho")
            .await;
        app.click("[data-testid=nav-watchlist]").await;
        app.wait_for_text(".empty", "No sigue ningún expediente")
            .await;

        // Back to the first profile, whose key stops working: the file's screen says
        // so and leads to where it is fixed.
        open_profiles(&app).await;
        app.click(&format!("{} [data-testid=profile-use]", card("Pruebas")))
            .await;
        app.wait_for_text("[data-testid=active-profile]", "Pruebas")
            .await;
        app.click(&format!("{} [data-testid=profile-edit]", card("Pruebas")))
            .await;
        app.type_into("[data-testid=profile-key]", &manifest.revoked_api_key)
            .await;
        app.click_button("Guardar y probar conexión").await;
        app.wait_for_text("[data-testid=error-notice]", "API Key ha sido denegada")
            .await;
        app.click_button("← Perfiles").await;
        app.click("[data-testid=nav-watchlist]").await;
        app.click("[data-testid=open-file]").await;
        app.wait_for_text("[data-testid=error-notice]", "Revise la API Key del perfil")
            .await;
        app.click("[data-testid=open-profiles]").await;
        app.click(&format!("{} [data-testid=profile-edit]", card("Pruebas")))
            .await;
        app.type_into("[data-testid=profile-key]", key).await;
        app.click_button("Guardar y probar conexión").await;
        app.wait_for_text("[data-testid=profiles-done]", "«Pruebas» guardado")
            .await;
        app.click("[data-testid=nav-watchlist]").await;
        app.click("[data-testid=open-file]").await;
        app.text_of("[data-testid=start-review]").await;

        // Removing a key and deleting a profile each ask first.
        open_profiles(&app).await;
        let other = card("Segundo despacho");
        app.click(&format!("{other} [data-testid=profile-forget-key]"))
            .await;
        app.wait_for_text("[data-testid=confirm]", "¿Quitar la API Key")
            .await;
        app.click("[data-testid=confirm-action]").await;
        app.wait_for_text(
            &format!("{other} [data-testid=profile-key-status]"),
            "Sin API Key",
        )
        .await;
        app.click(&format!("{other} [data-testid=profile-delete]"))
            .await;
        app.click("[data-testid=confirm-action]").await;
        app.wait_for_text("[data-testid=profiles-done]", "Se eliminó el perfil")
            .await;
        assert_eq!(
            app.texts_of("[data-testid=profile-card] h3").await,
            ["Pruebas"]
        );
    })
    .await;
    sandbox.stop().await;
}
