//! Operation 2, version 2 of the file detail: entities (representatives with their
//! CURP, voter-list and biometric validations; branches with photos), documents
//! (proofs of address with alteration analysis, incorporation deeds) and dynamic
//! forms. Fields whose shape depends on a `Tipo` are one struct holding the fields of
//! every `Tipo`, each optional: unknown kinds still decode.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::expediente::SectionId;
use crate::models::Scalar;
use crate::time::{UtcTime, WireDate};
use crate::wire_enum::wire_enum;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct DetailV2 {
    pub expediente_id: String,
    /// `Moral` is the one value the spec shows.
    pub tipo_persona: String,
    pub tramite: String,
    /// Section identifiers; some carry a `Limit:<n>` suffix (see [`DetailV2::section_ids`]).
    pub secciones: Vec<String>,
    pub cliente: String,
    #[serde(rename = "RFC")]
    pub rfc: String,
    pub fecha_creacion: Option<UtcTime>,
    pub fecha_recibido: Option<UtcTime>,
    pub fecha_ultima_modificacion: Option<UtcTime>,
    pub entidades: Vec<Entity>,
    pub documentos: Vec<Document>,
    pub adicionales: Vec<AdditionalForm>,
    #[serde(rename = "_Schema")]
    pub schema: Option<SchemaMarker>,
}

impl DetailV2 {
    pub fn section_ids(&self) -> Vec<SectionId> {
        self.secciones.iter().map(|s| SectionId::parse(s)).collect()
    }

    /// Whether the answer really is version 2. Decoding is lenient (every field has a
    /// default), so a service that ignored `X-api-version` and answered version 1 still
    /// decodes; the spec gives version 2 its `_Schema` marker and `ExpedienteId`, and
    /// version 1 has neither, so an answer with neither is not version 2.
    pub fn is_version_2(&self) -> bool {
        self.schema.is_some() || !self.expediente_id.trim().is_empty()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct SchemaMarker {
    pub version: String,
    pub ultima_actualizacion: Option<UtcTime>,
    /// A version range, e.g. `>=2.0 <3.0`.
    pub compatibilidad: String,
}

wire_enum! {
    EntityKind {
        Representante => "Representante",
        Sucursal => "Sucursal",
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct Entity {
    pub tipo: Option<EntityKind>,
    pub referencia: String,
    pub id: String,
    pub datos: EntityData,
    /// Present for representatives.
    pub validaciones: Vec<EntityValidation>,
}

/// `Datos`: a representative's fields, then a branch's.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct EntityData {
    pub nombre: Option<String>,
    pub apellido_paterno: Option<String>,
    pub apellido_materno: Option<String>,
    #[serde(rename = "CURP")]
    pub curp: Option<String>,
    #[serde(rename = "RFC")]
    pub rfc: Option<String>,
    pub nacionalidad: Option<String>,
    pub pais_origen: Option<String>,
    pub correo: Option<String>,
    pub celular: Option<String>,
    pub nombre_comercial: Option<String>,
    pub telefono: Option<String>,
    pub extension: Option<String>,
    pub telefono2: Option<String>,
    pub imagenes_interiores: Option<Vec<String>>,
    pub imagenes_exteriores: Option<Vec<String>>,
}

wire_enum! {
    ValidationKind {
        Curp => "Curp",
        ListaNominal => "ListaNominal",
        Biometrico => "Biometrico",
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct EntityValidation {
    pub tipo: Option<ValidationKind>,
    /// The validating authority.
    pub entidad: String,
    pub resultado: bool,
    pub estatus: String,
    pub detalles: ValidationDetails,
}

/// `Detalles`: the fields of a CURP check, then of a voter-list (INE) check, then of a
/// biometric check. `CURP` and `RFC` are shared by name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct ValidationDetails {
    #[serde(rename = "CURP")]
    pub curp: Option<String>,
    pub nombres: Option<String>,
    pub primer_apellido: Option<String>,
    pub segundo_apellido: Option<String>,
    pub fecha_nacimiento: Option<WireDate>,
    pub sexo: Option<String>,
    pub entidad_nacimiento: Option<String>,
    pub nacionalidad: Option<String>,
    #[serde(rename = "StatusCURP")]
    pub status_curp: Option<String>,
    #[serde(rename = "CIC")]
    pub cic: Option<String>,
    pub clave_elector: Option<String>,
    pub numero_emision: Option<String>,
    pub distrito_federal: Option<String>,
    pub distrito_local: Option<String>,
    #[serde(rename = "NumeroOCR")]
    pub numero_ocr: Option<String>,
    pub anio_registro: Option<String>,
    pub anio_emision: Option<String>,
    pub vigencia_hasta: Option<String>,
    pub estado: Option<String>,
    pub comentarios: Option<Vec<String>>,
    pub nombre_completo: Option<String>,
    #[serde(rename = "RFC")]
    pub rfc: Option<String>,
    pub email: Option<String>,
    pub status_operation: Option<String>,
    pub fecha_solicitud: Option<UtcTime>,
    pub fecha_callback: Option<UtcTime>,
    pub fecha_notificacion: Option<UtcTime>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct Document {
    /// Values seen: Domicilio, Legal.
    pub categoria: String,
    /// Values seen: Sucursal, Expediente.
    pub contexto: String,
    pub referencia: String,
    /// The entity or file the document belongs to.
    pub referencia_id: String,
    /// Values seen: Comprobante, ActaConstitutiva.
    pub tipo_documento: String,
    /// Present for address proofs.
    pub subtipo: Option<String>,
    pub nombre_titular: String,
    pub direccion: Option<Address>,
    pub fechas: Option<DocumentDates>,
    pub validaciones: Vec<DocumentValidation>,
    pub archivo: Option<FileRef>,
    pub analisis_general: Option<DeedAnalysis>,
    pub representantes: Option<Vec<DeedRepresentative>>,
    pub objeto_social: Option<CorporatePurpose>,
    pub objeto_social_analisis: Option<PurposeAnalysis>,
    pub organos_internos: Option<InternalBodies>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct Address {
    pub completa: String,
    pub calle: String,
    pub numero_exterior: String,
    pub numero_interior: String,
    pub colonia: String,
    pub ciudad: String,
    pub municipio: String,
    pub estado: String,
    pub codigo_postal: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct DocumentDates {
    pub emision: Option<WireDate>,
    pub fecha_limite_pago: Option<WireDate>,
}

/// An element of a document's `Validaciones`; the spec details the `Alteracion` kind.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct DocumentValidation {
    pub tipo: String,
    pub resultado: Option<bool>,
    pub estatus: Option<String>,
    pub documento_editado: Option<bool>,
    pub nivel_riesgo: Option<String>,
    pub indicadores: Vec<Indicator>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct Indicator {
    pub codigo: String,
    pub titulo: String,
    pub descripcion: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct FileRef {
    #[serde(rename = "URL")]
    pub url: String,
}

/// `AnalisisGeneral` of an incorporation deed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct DeedAnalysis {
    pub es_acta: bool,
    pub libro: String,
    pub numero_escritura_publica: String,
    pub nombre_notario: String,
    pub numero_notario: String,
    pub entidad_federativa_notario: String,
    pub fecha_instrumento: String,
    pub domicilio_social: String,
    pub capital_minimo: String,
    pub fecha_inscripcion: String,
    pub folio_mercantil: String,
    pub razon_denominacion_sociedad: String,
    pub fecha_constitucion: String,
    pub duracion: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct DeedRepresentative {
    pub nombre_representante: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct CorporatePurpose {
    pub objeto_social: String,
}

/// What the corporate purpose allows, each with its legal basis.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct PurposeAnalysis {
    pub obligado_solidario: Option<PurposeFinding>,
    pub aval: Option<PurposeFinding>,
    pub fianza: Option<PurposeFinding>,
    pub hipoteca: Option<PurposeFinding>,
    pub aperturar_cuentas: Option<PurposeFinding>,
    pub financiamiento: Option<PurposeFinding>,
    pub operaciones_credito: Option<PurposeFinding>,
    pub titulos_credito: Option<PurposeFinding>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct PurposeFinding {
    pub valor: bool,
    pub fundamento: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct InternalBodies {
    pub accionistas: Vec<Shareholder>,
    pub administracion: Option<Administration>,
    pub organo_vigilancia: Option<Oversight>,
}

/// The spec names these fields without their types; amounts arrive as numbers or text.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct Shareholder {
    pub nombre: String,
    pub nacionalidad: String,
    #[serde(rename = "RFC")]
    pub rfc: String,
    pub participacion_accionaria: Option<Scalar>,
    pub porcentaje: Option<Scalar>,
    pub serie_clase: Option<Scalar>,
    pub capital_fijo: Option<Scalar>,
    pub capital_variable: Option<Scalar>,
    pub total: Option<Scalar>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct Administration {
    pub regimen_administracion: String,
    pub integrantes: Vec<BoardMember>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct BoardMember {
    pub nombre: String,
    pub nacionalidad: String,
    #[serde(rename = "RFC")]
    pub rfc: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct Oversight {
    pub tipo_organo_vigilancia: String,
    pub nombre: String,
    pub nacionalidad: String,
    #[serde(rename = "RFC")]
    pub rfc: String,
}

/// A dynamic form (`Adicionales` element).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct AdditionalForm {
    /// Value seen: Formulario.
    pub tipo: String,
    pub nombre: String,
    pub version: Option<i32>,
    pub secciones: Vec<FormSection>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct FormSection {
    pub orden: i32,
    pub titulo: String,
    pub preguntas: Vec<Question>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct Question {
    pub orden: i32,
    pub texto: String,
    /// Values seen: Dropdown, Number, Boolean.
    pub tipo: String,
    /// A string or a boolean.
    pub valor: Option<Scalar>,
}
