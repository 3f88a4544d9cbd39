//! The rich content of a version-2 file detail: entities (representatives with their
//! validations, a branch with photos), documents (proofs of address with alteration
//! analyses, the incorporation deed) and dynamic forms. Generated on request from a
//! seed derived from the file's id, so it is the same every time and costs no memory
//! for files nobody opens.

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::clock;
use crate::file_names::{branch_photo_name, document_file_name};
use crate::files::{BusinessFile, DynamicForm, Person};

pub fn rng_for(id: Uuid) -> ChaCha8Rng {
    let bytes = id.as_bytes();
    let mut seed = [0u8; 8];
    seed.copy_from_slice(&bytes[..8]);
    ChaCha8Rng::seed_from_u64(u64::from_le_bytes(seed))
}

fn representative(rng: &mut ChaCha8Rng, person: &Person, tz: i32) -> Value {
    let n = &person.name;
    let (y, m, d) = n.birth;
    // One representative in five typed a name the authority spells differently.
    let authority_given = if rng.random_range(0..5) == 0 {
        format!("{}A", n.given.trim_end_matches('a'))
    } else {
        n.given.clone()
    };
    let listed = rng.random_range(0..6) != 0;
    let biometric_done = person.is_completed;
    json!({
        "Tipo": "Representante",
        "Referencia": person.full_name(),
        "Id": person.person_id,
        "Datos": {
            "Nombre": n.given, "ApellidoPaterno": n.first_surname, "ApellidoMaterno": n.second_surname,
            "CURP": person.curp, "RFC": person.rfc, "Nacionalidad": "Mexicana", "PaisOrigen": "México",
            "Correo": person.email, "Celular": person.phone,
        },
        "Validaciones": [
            {
                "Tipo": "Curp", "Entidad": "RENAPO", "Resultado": true, "Estatus": "Validado",
                "Detalles": {
                    "CURP": person.curp, "Nombres": authority_given.to_uppercase(),
                    "PrimerApellido": n.first_surname.to_uppercase(), "SegundoApellido": n.second_surname.to_uppercase(),
                    "FechaNacimiento": format!("{y:04}-{m:02}-{d:02}"), "Sexo": if n.male { "HOMBRE" } else { "MUJER" },
                    "EntidadNacimiento": "CIUDAD DE MEXICO", "Nacionalidad": "MEXICANA", "StatusCURP": "RCN",
                },
            },
            {
                "Tipo": "ListaNominal", "Entidad": "INE", "Resultado": listed,
                "Estatus": if listed { "Vigente" } else { "NoEncontrado" },
                "Detalles": {
                    "CIC": format!("{:09}", rng.random_range(0..1_000_000_000)),
                    "ClaveElector": format!("{}{:08}H{:03}", &person.curp[..6], rng.random_range(0..100_000_000), rng.random_range(0..1000)),
                    "NumeroEmision": format!("{:02}", rng.random_range(0..4)),
                    "DistritoFederal": format!("{:02}", rng.random_range(1..25)),
                    "DistritoLocal": format!("{:02}", rng.random_range(1..30)),
                    "NumeroOCR": format!("{:013}", rng.random_range(0..10_000_000_000_000_u64)),
                    "AnioRegistro": format!("{}", y + 18), "AnioEmision": "2021", "VigenciaHasta": "2031",
                    "Estado": "CIUDAD DE MEXICO",
                    "Comentarios": if listed { json!([]) } else { json!(["La credencial no se encontró en la lista nominal"]) },
                },
            },
            {
                "Tipo": "Biometrico", "Entidad": "Proveedor biométrico", "Resultado": biometric_done,
                "Estatus": person.enrollment_status,
                "Detalles": {
                    "NombreCompleto": person.full_name(), "RFC": person.rfc, "CURP": person.curp, "Email": person.email,
                    "StatusOperation": person.enrollment_status,
                    // The spec lets only the last two be null: a request not made yet
                    // shows `clock::NOT_YET` (as tracking's EnrollmentRequestAtUtc).
                    "FechaSolicitud": person.enrollment_request_at.map_or_else(|| clock::NOT_YET.to_owned(), |t| clock::iso_at_offset(t, tz)),
                    "FechaCallback": person.callback_at.map(|t| clock::iso_at_offset(t, tz)),
                    "FechaNotificacion": person.notification_at.map(|t| clock::iso_at_offset(t, tz)),
                },
            },
        ],
    })
}

/// The `index`th branch: the head office first.
fn branch(rng: &mut ChaCha8Rng, file: &BusinessFile, base_url: &str, index: usize) -> Value {
    let photos = |side: &str, count: usize| -> Vec<String> {
        (1..=count)
            .map(|n| {
                format!(
                    "{base_url}/_files/{}",
                    branch_photo_name(file.document_id, side, n)
                )
            })
            .collect()
    };
    json!({
        "Tipo": "Sucursal",
        "Referencia": branch_reference(index),
        "Id": Uuid::from_bytes(rng.random()),
        "Datos": {
            "NombreComercial": file.company_name.split(" S.").next().unwrap_or(&file.company_name),
            "Telefono": format!("33{:08}", rng.random_range(0..100_000_000)),
            "Extension": format!("{}", rng.random_range(100..999)),
            "Telefono2": "",
            "ImagenesInteriores": photos("interior", 2),
            "ImagenesExteriores": photos("exterior", 2),
        },
    })
}

fn branch_reference(index: usize) -> String {
    if index == 0 {
        "Sucursal Matriz".to_owned()
    } else {
        format!("Sucursal {}", index + 1)
    }
}

/// An alteration indicator: code, title, description.
type Indicator = (&'static str, &'static str, &'static str);

/// Alteration analyses of every risk level: level, edited, indicators.
const RISKS: [(&str, bool, &[Indicator]); 3] = [
    ("Bajo", false, &[]),
    (
        "Medio",
        false,
        &[(
            "META-01",
            "Metadatos incompletos",
            "El PDF no conserva la fecha de creación del emisor.",
        )],
    ),
    (
        "Alto",
        true,
        &[
            (
                "FONT-02",
                "Tipografía inconsistente",
                "El importe usa una fuente distinta al resto del documento.",
            ),
            (
                "EDIT-01",
                "Edición detectada",
                "El archivo fue modificado con un editor de imágenes después de su emisión.",
            ),
        ],
    ),
];

/// Street, colonia, city, municipality, state and postal code of real neighbourhoods.
const ADDRESSES: [(&str, &str, &str, &str, &str, &str); 6] = [
    (
        "Av. Juárez",
        "Centro",
        "Ciudad de México",
        "Cuauhtémoc",
        "Ciudad de México",
        "06000",
    ),
    (
        "Av. Chapultepec",
        "Americana",
        "Guadalajara",
        "Guadalajara",
        "Jalisco",
        "44160",
    ),
    (
        "Av. Constitución",
        "Centro",
        "Monterrey",
        "Monterrey",
        "Nuevo León",
        "64000",
    ),
    (
        "Calle 5 de Mayo",
        "Centro Histórico",
        "Puebla",
        "Puebla",
        "Puebla",
        "72000",
    ),
    (
        "Blvd. Adolfo López Mateos",
        "Jardines del Moral",
        "León",
        "León",
        "Guanajuato",
        "37160",
    ),
    ("Calle 60", "Centro", "Mérida", "Mérida", "Yucatán", "97000"),
];

/// Whose proof of address: the file's own, or one of its branches'.
struct Owner {
    context: &'static str,
    id: Value,
    reference: String,
    /// The served file's name after the file's id (`comprobante.pdf`).
    file_stem: String,
}

fn proof_of_address(
    rng: &mut ChaCha8Rng,
    file: &BusinessFile,
    holder: &str,
    owner: Owner,
    base_url: &str,
) -> Value {
    let (risk, edited, indicators) = RISKS[rng.random_range(0..RISKS.len())];
    let issued = clock::minutes_after(file.created, -60 * 24 * rng.random_range(10..80));
    let subtype = ["Luz", "Agua", "Telefonia"][rng.random_range(0..3)];
    let (street, colonia, city, municipio, state, cp) =
        ADDRESSES[rng.random_range(0..ADDRESSES.len())];
    let number = rng.random_range(1..2000).to_string();
    let inner = if rng.random_bool(0.4) {
        rng.random_range(1..40).to_string()
    } else {
        String::new()
    };
    json!({
        "Categoria": "Domicilio", "Contexto": owner.context, "Referencia": owner.reference,
        "ReferenciaId": owner.id, "TipoDocumento": "Comprobante",
        "Subtipo": subtype,
        "NombreTitular": holder,
        "Direccion": {
            "Completa": format!("{street} {number}{}, Col. {colonia}, {municipio}, {state}, C.P. {cp}",
                if inner.is_empty() { String::new() } else { format!(" Int. {inner}") }),
            "Calle": street, "NumeroExterior": number, "NumeroInterior": inner, "Colonia": colonia,
            "Ciudad": city, "Municipio": municipio, "Estado": state, "CodigoPostal": cp,
        },
        "Fechas": { "Emision": clock::date(issued), "FechaLimitePago": clock::date(clock::minutes_after(issued, 60 * 24 * 20)) },
        "Validaciones": [{
            "Tipo": "Alteracion", "Resultado": !edited, "Estatus": if edited { "Rechazado" } else { "Aprobado" },
            "DocumentoEditado": edited, "NivelRiesgo": risk,
            "Indicadores": indicators.iter().map(|(c, t, d)| json!({"Codigo": c, "Titulo": t, "Descripcion": d})).collect::<Vec<_>>(),
        }],
        "Archivo": { "URL": format!("{base_url}/_files/{}", document_file_name(file.document_id, &owner.file_stem)) },
    })
}

const POWERS: [&str; 8] = [
    "ObligadoSolidario",
    "Aval",
    "Fianza",
    "Hipoteca",
    "AperturarCuentas",
    "Financiamiento",
    "OperacionesCredito",
    "TitulosCredito",
];

/// `n` whole percentages, each at least 1, that add up to 100.
fn split_hundred(rng: &mut ChaCha8Rng, n: usize) -> Vec<u32> {
    let mut left = 100_u32;
    let mut shares = Vec::with_capacity(n);
    for i in 0..n {
        let still_to_give = (n - 1 - i) as u32;
        let share = if still_to_give == 0 {
            left
        } else {
            rng.random_range(1..=left - still_to_give)
        };
        shares.push(share);
        left -= share;
    }
    shares
}

/// `20YY-MM-DD` from a company RFC's date; the sandbox's own default for another.
fn constitution_date(rfc: &str) -> String {
    let digits: String = rfc.chars().skip(3).take(6).collect();
    if digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit()) {
        format!("20{}-{}-{}", &digits[0..2], &digits[2..4], &digits[4..6])
    } else {
        "2015-03-01".to_owned()
    }
}

fn incorporation_deed(rng: &mut ChaCha8Rng, file: &BusinessFile, base_url: &str) -> Value {
    let shareholders: Vec<&Person> = file.persons.iter().collect();
    let holders = shareholders.len() + usize::from(file.corporate_shareholder.is_some());
    let shares = split_hundred(rng, holders);
    let capital = 100_000.0_f64;
    // The company was constituted on its RFC's date (characters 4 to 9, YYMMDD; the
    // sandbox's companies are of this century), as the SAT assigns it.
    let founded = constitution_date(&file.company_rfc);
    let analysis: serde_json::Map<String, Value> = POWERS
        .iter()
        .map(|power| {
            let granted = rng.random_bool(0.5);
            let ground = if granted {
                "Cláusula Décima, fracción III del acta"
            } else {
                "No se encontró facultad expresa"
            };
            (
                (*power).to_owned(),
                json!({"Valor": granted, "Fundamento": ground}),
            )
        })
        .collect();
    json!({
        "Categoria": "Legal", "Contexto": "Expediente", "Referencia": "Acta constitutiva",
        "ReferenciaId": file.document_id, "TipoDocumento": "ActaConstitutiva",
        "NombreTitular": file.company_name,
        "AnalisisGeneral": {
            "EsActa": true, "Libro": format!("{}", rng.random_range(1..40)),
            "NumeroEscrituraPublica": format!("{}", rng.random_range(1000..90000)),
            "NombreNotario": "Lic. Roberto Salinas Ortega", "NumeroNotario": format!("{}", rng.random_range(1..250)),
            "EntidadFederativaNotario": "Ciudad de México", "FechaInstrumento": founded,
            "DomicilioSocial": "Ciudad de México", "CapitalMinimo": "50000.00", "FechaInscripcion": "2015-04-15",
            "FolioMercantil": format!("N-2015{:06}", rng.random_range(0..1_000_000)),
            "RazonDenominacionSociedad": file.company_name, "FechaConstitucion": founded, "Duracion": "99 años",
        },
        "Representantes": shareholders.iter().map(|p| json!({"NombreRepresentante": p.full_name()})).collect::<Vec<_>>(),
        "ObjetoSocial": { "ObjetoSocial": "La compraventa, importación, exportación y distribución de toda clase de bienes." },
        "ObjetoSocialAnalisis": analysis,
        "OrganosInternos": {
            "Accionistas": shareholders
                .iter()
                .map(|p| (p.full_name(), p.rfc.clone()))
                .chain(file.corporate_shareholder.clone())
                .zip(&shares)
                .map(|((name, rfc), pct)| {
                    let amount = capital * f64::from(*pct) / 100.0;
                    json!({
                        "Nombre": name, "Nacionalidad": "Mexicana", "RFC": rfc,
                        "ParticipacionAccionaria": format!("{} acciones", pct * 10), "Porcentaje": f64::from(*pct),
                        "SerieClase": "A", "CapitalFijo": amount / 2.0, "CapitalVariable": amount / 2.0, "Total": amount,
                    })
                })
                .collect::<Vec<_>>(),
            "Administracion": {
                "RegimenAdministracion": if shareholders.len() > 1 { "Consejo de Administración" } else { "Administrador Único" },
                "Integrantes": shareholders.iter().map(|p| json!({"Nombre": p.full_name(), "Nacionalidad": "Mexicana", "RFC": p.rfc})).collect::<Vec<_>>(),
            },
            "OrganoVigilancia": { "TipoOrganoVigilancia": "Comisario", "Nombre": "C.P. Laura Méndez Ruiz", "Nacionalidad": "Mexicana", "RFC": "MERL800202AB1" },
        },
        "Archivo": { "URL": format!("{base_url}/_files/{}", document_file_name(file.document_id, "acta.pdf")) },
    })
}

fn form(form: &DynamicForm) -> Value {
    json!({
        "Tipo": "Formulario", "Nombre": form.name, "Version": 2,
        "Secciones": [
            {"Orden": 1, "Titulo": "Actividad", "Preguntas": [
                {"Orden": 1, "Texto": "Giro principal", "Tipo": "Dropdown", "Valor": "Comercio al por menor"},
                {"Orden": 2, "Texto": "Número de empleados", "Tipo": "Number", "Valor": "35"},
            ]},
            {"Orden": 2, "Titulo": "Operaciones", "Preguntas": [
                {"Orden": 1, "Texto": "¿Realiza operaciones en efectivo mayores a 100,000 MXN?", "Tipo": "Boolean", "Valor": false},
                {"Orden": 2, "Texto": "¿Opera con el extranjero?", "Tipo": "Boolean", "Valor": true},
            ]},
        ],
    })
}

/// The branches a legal entity's detail shows: `Id` and `Referencia` of each. The
/// correction request resolves `entidadId`/`entidadReferencia` against them.
pub fn branches_of(file: &BusinessFile) -> Vec<(Uuid, String)> {
    let (entities, _, _) = content(file, true, "", 0);
    entities
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["Tipo"] == "Sucursal")
        .filter_map(|b| {
            let id = Uuid::parse_str(b["Id"].as_str()?).ok()?;
            Some((id, b["Referencia"].as_str()?.to_owned()))
        })
        .collect()
}

/// `Entidades`, `Documentos` and `Adicionales` of a file's version-2 detail.
pub fn content(
    file: &BusinessFile,
    legal_entity: bool,
    base_url: &str,
    tz: i32,
) -> (Value, Value, Value) {
    let mut rng = rng_for(file.document_id);
    let mut entities: Vec<Value> = file
        .persons
        .iter()
        .map(|p| representative(&mut rng, p, tz))
        .collect();
    let holder = file
        .persons
        .first()
        .map_or_else(|| file.company_name.clone(), Person::full_name);
    let own = Owner {
        context: "Expediente",
        id: json!(file.document_id),
        reference: "Comprobante de domicilio fiscal".to_owned(),
        file_stem: "comprobante.pdf".to_owned(),
    };
    let mut documents = if file.hostile_proofs {
        crate::hostile::proofs(file.document_id, &holder, base_url)
    } else {
        vec![proof_of_address(&mut rng, file, &holder, own, base_url)]
    };
    if legal_entity {
        entities.push(branch(&mut rng, file, base_url, 0));
        documents.push(incorporation_deed(&mut rng, file, base_url));
        let first_branch = entities.len() - 1;
        for index in 1..file.branches {
            entities.push(branch(&mut rng, file, base_url, index));
        }
        for n in 0..file.branch_documents {
            let branch = &entities[first_branch + n % file.branches.max(1)];
            let owner = Owner {
                context: "Sucursal",
                id: branch["Id"].clone(),
                reference: format!(
                    "Comprobante de domicilio de {}",
                    branch["Referencia"].as_str().unwrap_or("la sucursal")
                ),
                // A photographed receipt: the desk has images as well as PDFs to show.
                file_stem: format!("sucursal-{}.png", n + 1),
            };
            let document = proof_of_address(&mut rng, file, &file.company_name, owner, base_url);
            documents.push(document);
        }
    }
    documents.extend(crate::detail_fiscal::documents(&mut rng, file, base_url));
    (
        Value::from(entities),
        Value::from(documents),
        Value::from(file.forms.iter().map(form).collect::<Vec<_>>()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shareholder_percentages_add_up_to_one_hundred() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for n in 1..=50 {
            let shares = split_hundred(&mut rng, n);
            assert_eq!(shares.len(), n);
            assert_eq!(shares.iter().sum::<u32>(), 100, "{shares:?}");
            assert!(shares.iter().all(|s| *s >= 1));
        }
        assert!(split_hundred(&mut rng, 0).is_empty());
    }
}
