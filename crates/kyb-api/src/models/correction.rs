//! Operation 3's success body (`data` of the correction-request shape).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::expediente::Decision;
use crate::time::UtcTime;
use crate::wire_enum::wire_enum;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct CorrectionResult {
    pub expediente_id: String,
    pub secciones_actualizadas: u32,
    pub resumen: Resumen,
    pub secciones: Vec<UpdatedSection>,
    pub notificacion_enviada: bool,
    pub link_correccion: Option<String>,
    /// The body's `warnings`, beside `data` on the wire; set by the client.
    pub warnings: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct Resumen {
    pub aceptadas: u32,
    pub rechazadas: u32,
    pub entidades_afectadas: EntidadesAfectadas,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct EntidadesAfectadas {
    pub representantes: u32,
    pub sucursales: u32,
    pub expediente: u32,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdatedSection {
    pub seccion: String,
    pub estatus: Option<Decision>,
    /// Present for rejected sections.
    pub comentario: Option<String>,
    pub entidad_referencia: Option<String>,
    pub entidades_resueltas: Vec<ResolvedEntity>,
    pub fecha_actualizacion: Option<UtcTime>,
}

wire_enum! {
    /// How the service matched a decision to an entity.
    Coincidencia {
        Exacta => "exacta",
        Expediente => "expediente",
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct ResolvedEntity {
    pub id: String,
    pub referencia: String,
    pub coincidencia: Option<Coincidencia>,
}
