//! Operation 2, version 2 of the file detail: entities (representatives with their
//! CURP, voter-list and biometric validations; branches with photos), documents
//! (proofs of address with alteration analysis, incorporation deeds) and dynamic
//! forms. Fields whose shape depends on a `Tipo` are one struct holding the fields of
//! every `Tipo`, each optional: unknown kinds still decode.

pub use super::entity_kind::EntityKind;

use crate::file::SectionId;
use crate::models::Scalar;
use crate::time::{UtcTime, WireDate};
use crate::tolerant::answer_model;
use crate::wire_enum::wire_enum;

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct DetailV2 {
        pub expediente_id: Option<String>,
        /// `Moral` is the one value the spec shows.
        pub tipo_persona: Option<String>,
        pub tramite: Option<String>,
        /// Section identifiers; some carry a `Limit:<n>` suffix (see [`DetailV2::section_ids`]).
        pub secciones: Vec<String>,
        pub cliente: Option<String>,
        #[serde(rename = "RFC")]
        pub rfc: Option<String>,
        pub fecha_creacion: Option<UtcTime>,
        pub fecha_recibido: Option<UtcTime>,
        pub fecha_ultima_modificacion: Option<UtcTime>,
        pub entidades: Vec<Entity>,
        pub documentos: Vec<Document>,
        pub adicionales: Vec<AdditionalForm>,
        #[serde(rename = "_Schema")]
        pub schema: Option<SchemaMarker>,
    }
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
        self.schema.is_some()
            || self
                .expediente_id
                .as_deref()
                .is_some_and(|id| !id.trim().is_empty())
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct SchemaMarker {
        pub version: Option<String>,
        pub ultima_actualizacion: Option<UtcTime>,
        /// A version range, e.g. `>=2.0 <3.0`.
        pub compatibilidad: Option<String>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct Entity {
        pub tipo: Option<EntityKind>,
        pub referencia: Option<String>,
        pub id: Option<String>,
        pub datos: Option<EntityData>,
        /// Present for representatives.
        pub validaciones: Vec<EntityValidation>,
    }
}

answer_model! {
    /// `Datos`: a representative's fields, then a branch's.
    #[serde(rename_all = "PascalCase")]
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
        pub imagenes_interiores: Vec<String>,
        pub imagenes_exteriores: Vec<String>,
    }
}

wire_enum! {
    ValidationKind {
        Curp => "Curp",
        ListaNominal => "ListaNominal",
        Biometrico => "Biometrico",
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct EntityValidation {
        pub tipo: Option<ValidationKind>,
        /// The validating authority.
        pub entidad: Option<String>,
        pub resultado: Option<bool>,
        pub estatus: Option<String>,
        pub detalles: Option<ValidationDetails>,
    }
}

answer_model! {
    /// `Detalles`: the fields of a CURP check, then of a voter-list (INE) check, then of a
    /// biometric check. `CURP` and `RFC` are shared by name.
    #[serde(rename_all = "PascalCase")]
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
        pub comentarios: Vec<String>,
        pub nombre_completo: Option<String>,
        #[serde(rename = "RFC")]
        pub rfc: Option<String>,
        pub email: Option<String>,
        pub status_operation: Option<String>,
        pub fecha_solicitud: Option<UtcTime>,
        pub fecha_callback: Option<UtcTime>,
        pub fecha_notificacion: Option<UtcTime>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct Document {
        /// Values seen: Domicilio, Legal.
        pub categoria: Option<String>,
        /// Values seen: Sucursal, Expediente.
        pub contexto: Option<String>,
        pub referencia: Option<String>,
        /// The entity or file the document belongs to.
        pub referencia_id: Option<String>,
        /// Values seen: Comprobante, ActaConstitutiva.
        pub tipo_documento: Option<String>,
        /// Present for address proofs.
        pub subtipo: Option<String>,
        pub nombre_titular: Option<String>,
        pub direccion: Option<Address>,
        pub fechas: Option<DocumentDates>,
        pub validaciones: Vec<DocumentValidation>,
        pub archivo: Option<FileRef>,
        pub analisis_general: Option<DeedAnalysis>,
        pub representantes: Vec<DeedRepresentative>,
        pub objeto_social: Option<CorporatePurpose>,
        pub objeto_social_analisis: Option<PurposeAnalysis>,
        pub organos_internos: Option<InternalBodies>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct Address {
        pub completa: Option<String>,
        pub calle: Option<String>,
        pub numero_exterior: Option<String>,
        pub numero_interior: Option<String>,
        pub colonia: Option<String>,
        pub ciudad: Option<String>,
        pub municipio: Option<String>,
        pub estado: Option<String>,
        pub codigo_postal: Option<String>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct DocumentDates {
        pub emision: Option<WireDate>,
        pub fecha_limite_pago: Option<WireDate>,
    }
}

answer_model! {
    /// An element of a document's `Validaciones`; the spec details the `Alteracion` kind.
    #[serde(rename_all = "PascalCase")]
    pub struct DocumentValidation {
        pub tipo: Option<String>,
        pub resultado: Option<bool>,
        pub estatus: Option<String>,
        pub documento_editado: Option<bool>,
        pub nivel_riesgo: Option<String>,
        pub indicadores: Vec<Indicator>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct Indicator {
        pub codigo: Option<String>,
        pub titulo: Option<String>,
        pub descripcion: Option<String>,
    }
}

answer_model! {
    pub struct FileRef {
        #[serde(rename = "URL")]
        pub url: Option<String>,
    }
}

answer_model! {
    /// `AnalisisGeneral` of an incorporation deed.
    #[serde(rename_all = "PascalCase")]
    pub struct DeedAnalysis {
        pub es_acta: Option<bool>,
        pub libro: Option<String>,
        pub numero_escritura_publica: Option<String>,
        pub nombre_notario: Option<String>,
        pub numero_notario: Option<String>,
        pub entidad_federativa_notario: Option<String>,
        pub fecha_instrumento: Option<String>,
        pub domicilio_social: Option<String>,
        pub capital_minimo: Option<String>,
        pub fecha_inscripcion: Option<String>,
        pub folio_mercantil: Option<String>,
        pub razon_denominacion_sociedad: Option<String>,
        pub fecha_constitucion: Option<String>,
        pub duracion: Option<String>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct DeedRepresentative {
        pub nombre_representante: Option<String>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct CorporatePurpose {
        pub objeto_social: Option<String>,
    }
}

answer_model! {
    /// What the corporate purpose allows, each with its legal basis.
    #[serde(rename_all = "PascalCase")]
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
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct PurposeFinding {
        pub valor: Option<bool>,
        pub fundamento: Option<String>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct InternalBodies {
        pub accionistas: Vec<Shareholder>,
        pub administracion: Option<Administration>,
        pub organo_vigilancia: Option<Oversight>,
    }
}

answer_model! {
    /// The spec names these fields without their types; amounts arrive as numbers or text.
    #[serde(rename_all = "PascalCase")]
    pub struct Shareholder {
        pub nombre: Option<String>,
        pub nacionalidad: Option<String>,
        #[serde(rename = "RFC")]
        pub rfc: Option<String>,
        pub participacion_accionaria: Option<Scalar>,
        pub porcentaje: Option<Scalar>,
        pub serie_clase: Option<Scalar>,
        pub capital_fijo: Option<Scalar>,
        pub capital_variable: Option<Scalar>,
        pub total: Option<Scalar>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct Administration {
        pub regimen_administracion: Option<String>,
        pub integrantes: Vec<BoardMember>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct BoardMember {
        pub nombre: Option<String>,
        pub nacionalidad: Option<String>,
        #[serde(rename = "RFC")]
        pub rfc: Option<String>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct Oversight {
        pub tipo_organo_vigilancia: Option<String>,
        pub nombre: Option<String>,
        pub nacionalidad: Option<String>,
        #[serde(rename = "RFC")]
        pub rfc: Option<String>,
    }
}

answer_model! {
    /// A dynamic form (`Adicionales` element).
    #[serde(rename_all = "PascalCase")]
    pub struct AdditionalForm {
        /// Value seen: Formulario.
        pub tipo: Option<String>,
        pub nombre: Option<String>,
        pub version: Option<i32>,
        pub secciones: Vec<FormSection>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct FormSection {
        pub orden: Option<i32>,
        pub titulo: Option<String>,
        pub preguntas: Vec<Question>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct Question {
        pub orden: Option<i32>,
        pub texto: Option<String>,
        /// Values seen: Dropdown, Number, Boolean.
        pub tipo: Option<String>,
        /// A string or a boolean.
        pub valor: Option<Scalar>,
    }
}
