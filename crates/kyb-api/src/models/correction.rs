//! Operation 3's success body (`data` of the correction-request shape).

use crate::file::Decision;
use crate::time::UtcTime;
use crate::tolerant::answer_model;
use crate::wire_enum::wire_enum;

answer_model! {
    #[serde(rename_all = "camelCase")]
    pub struct CorrectionResult {
        pub expediente_id: Option<String>,
        pub secciones_actualizadas: Option<u32>,
        pub resumen: Option<Resumen>,
        pub secciones: Vec<UpdatedSection>,
        pub notificacion_enviada: Option<bool>,
        pub link_correccion: Option<String>,
        /// The body's `warnings`, beside `data` on the wire; set by the client.
        pub warnings: Vec<String>,
    }
}

answer_model! {
    #[serde(rename_all = "camelCase")]
    pub struct Resumen {
        pub aceptadas: Option<u32>,
        pub rechazadas: Option<u32>,
        pub entidades_afectadas: Option<EntidadesAfectadas>,
    }
}

answer_model! {
    #[serde(rename_all = "camelCase")]
    pub struct EntidadesAfectadas {
        pub representantes: Option<u32>,
        pub sucursales: Option<u32>,
        pub expediente: Option<u32>,
    }
}

answer_model! {
    #[serde(rename_all = "camelCase")]
    pub struct UpdatedSection {
        pub seccion: Option<String>,
        pub estatus: Option<Decision>,
        /// Present for rejected sections.
        pub comentario: Option<String>,
        pub entidad_referencia: Option<String>,
        pub entidades_resueltas: Vec<ResolvedEntity>,
        pub fecha_actualizacion: Option<UtcTime>,
    }
}

wire_enum! {
    /// How the service matched a decision to an entity.
    Coincidencia {
        Exacta => "exacta",
        Expediente => "expediente",
    }
}

answer_model! {
    #[serde(rename_all = "camelCase")]
    pub struct ResolvedEntity {
        pub id: Option<String>,
        pub referencia: Option<String>,
        pub coincidencia: Option<Coincidencia>,
    }
}
