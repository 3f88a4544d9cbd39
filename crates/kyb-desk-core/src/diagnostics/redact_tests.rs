use super::*;

fn scrub(text: &str) -> String {
    Redactor::new(Some("/home/ana.ruiz".into())).free_text(text)
}

#[test]
fn rfcs_of_both_kinds_are_withheld_alone_and_inside_words() {
    // Moral (12) and física (13), upper and lower case, in a file's name.
    assert_eq!(scrub("rfc EKU9003173C9 ok"), "rfc (RFC) ok");
    assert_eq!(scrub("HELM850101AB1."), "(RFC).");
    assert_eq!(scrub("helm850101ab1"), "(RFC)");
    assert_eq!(scrub("acta_EKU9003173C9.pdf"), "acta_(RFC).pdf");
    assert_eq!(scrub("Ñ&A850101AB1"), "(RFC)");
    // Twelve characters that are no RFC (month 13) stay.
    assert_eq!(scrub("ABC851301AB1"), "ABC851301AB1");
}

#[test]
fn curps_are_withheld() {
    assert_eq!(scrub("curp HELM850101MDFRPR09."), "curp (CURP).");
    assert_eq!(scrub("x/HELM850101HDFRPR09/y"), "x/(CURP)/y");
    // Eighteen characters without the sex letter are no CURP.
    assert_eq!(scrub("HELM850101ZDFRPR09"), "HELM850101ZDFRPR09");
}

#[test]
fn emails_ids_keys_and_home_folders_are_withheld() {
    assert_eq!(
        scrub("sent to analista.demo@kybdesk.mx."),
        "sent to (e-mail)."
    );
    assert_eq!(
        scrub("/expedientes/detalle/3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b"),
        "/expedientes/detalle/(id)"
    );
    assert_eq!(
        scrub("3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b.json"),
        "(id).json"
    );
    assert_eq!(scrub("key sk_sandbox_AbC123xyz"), "key (key)");
    assert_eq!(scrub("tok Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5"), "tok (key)");
    assert_eq!(
        scrub("/home/ana.ruiz/.local/share/kyb-desk/drift.json"),
        "~/.local/share/kyb-desk/drift.json"
    );
    // Words of the desk's own are left: targets, times, file names, counts.
    let line = "2026-11-26T07:44:36.204971Z  INFO kyb_desk_core::desk: temporary files removed=3";
    assert_eq!(scrub(line), line);
}

#[test]
fn folios_are_withheld_by_place_and_by_shape() {
    assert_eq!(
        scrub(r#"path="/verificaciones/ABC-17/reenviar""#),
        r#"path="/verificaciones/(folio)/reenviar""#
    );
    assert_eq!(scrub("/_applicant/X9/000001"), "/_applicant/(folio)/000001");
    assert_eq!(scrub("folio VD-00000005 read"), "folio VD-(folio) read");
    assert_eq!(scrub("folio=Q17 next=1"), "folio=(withheld) next=1");
    // The operation's template is no folio.
    assert_eq!(
        scrub(r#"operation="GET /verificaciones/{folio}""#),
        r#"operation="GET /verificaciones/{folio}""#
    );
}

#[test]
fn free_text_loses_quoted_values_and_personal_fields() {
    // A decoder's reason quotes the value it refused: it may be a name.
    assert_eq!(
        scrub("invalid type: string \"Ana Ruiz\", expected u32 at line 1"),
        "invalid type: string \"(withheld)\", expected u32 at line 1"
    );
    assert_eq!(
        scrub("unknown variant `Beto Pérez`, expected one of"),
        "unknown variant `(withheld)`, expected one of"
    );
    assert_eq!(
        scrub(r#"role "carla" does not exist name="Ana \"la\" Ruiz" user=beto x=1"#),
        r#"role "(withheld)" does not exist name=(withheld) user=(withheld) x=1"#
    );
    // Paths, routes and numbers quoted by the log's own format stay.
    let call = r#"service call operation="POST /expedientes/v1/tracking" path="/expedientes/v1/tracking" status=200"#;
    assert_eq!(scrub(call), call);
}

#[test]
fn what_was_withheld_is_counted_and_the_text_desk_made_is_not_treated_as_free() {
    let mut redactor = Redactor::new(None);
    let out = redactor.text("\"Ana\" EKU9003173C9 a@b.mx EKU9003173C9");
    assert_eq!(out, "\"Ana\" (RFC) (e-mail) (RFC)");
    assert_eq!(redactor.counts()[&Withheld::Rfc], 2);
    assert_eq!(redactor.counts()[&Withheld::Email], 1);
    // Scrubbing twice changes nothing more.
    assert_eq!(
        redactor.free_text(&scrub("x EKU9003173C9 \"n\"")),
        "x (RFC) \"(withheld)\""
    );
}

#[test]
fn fields_are_judged_by_the_words_of_their_names_and_values_run_to_the_next_field() {
    assert_eq!(
        scrub("name=Ana María Ruiz queue=7 x-api-key: k9, accept: json"),
        "name=(withheld) queue=7 x-api-key: (withheld), accept: json"
    );
    assert_eq!(
        scrub("GET /x?access_token=abc12&page=2"),
        "GET /x?access_token=(withheld)&page=2"
    );
    assert_eq!(
        scrub("postgresql://kyb:s3cr3t@localhost:5432/kyb_team"),
        "postgresql://(key)@localhost:5432/kyb_team"
    );
    assert_eq!(scrub("Bearer abc123short."), "Bearer (key)");
    assert_eq!(scrub("/home/beto/x C:\\Users\\dora\\y"), "~/x C:~\\y");
    // The desk's own fields stay, and scrubbing twice changes nothing more.
    let own = "kyb_desk_core::desk: exported filename=report.csv status=200 removed=3";
    assert_eq!(scrub(own), own);
    let once = scrub("nombre: Beto Pérez user=ana Authorization: Bearer t0k");
    assert_eq!(scrub(&once), once);
}
