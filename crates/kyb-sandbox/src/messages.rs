//! Every `Status` word and `Message` text the service answers with, spelled exactly as
//! in the Errors table of the spec. Nothing else in the sandbox writes these strings.

pub const API_KEY_DENIED: &str = "La API Key ha sido denegada, asegurate de mandar una API Key valida y con una suscripción activa";
pub const UNAUTHORIZED_WORKSPACE_OR_KEY: &str =
    "No autorizado - Workspace inválido o API Key incorrecta";
pub const WORKSPACE_INVALID: &str = "El ID de Workspace no es válido o no está activo";
pub const INTERNAL_ERROR: &str = "Error interno del servidor";
pub const VALIDATION_ERROR: &str = "Error de validacion";
/// The spec mentions a trial-version attempt-limit message on creation without its text.
pub const TRIAL_LIMIT: &str =
    "Se alcanzó el número máximo de intentos permitidos en la versión de prueba.";
pub const DOCUMENT_NOT_FOUND: &str = "Documento no encontrado";
pub const FILE_NOT_FOUND_TRACKING: &str = "Expediente no encontrado";
pub const ENROLLMENT_NOT_ALLOWED: &str = "Enrolamiento no permitido";
pub const VERIFICATION_NOT_FOUND: &str = "Verificación no encontrada";
pub const RESEND_NOT_ALLOWED: &str = "La solicitud no admite reenvío en su estatus actual.";
pub const CANCEL_FAILED: &str = "No se pudo cancelar.";

/// The spec shows no success `Message` for these operations; the sandbox answers
/// with these.
pub const OK_CREATED: &str = "Expediente creado correctamente";
pub const OK_CORRECTION: &str = "Solicitud de corrección procesada";
pub const OK_COMPLEMENTARY: &str = "Información complementaria procesada";
pub const OK_DETAIL: &str = "Detalle del expediente";
pub const OK_TRACKING: &str = "Consulta exitosa";
pub const OK_ENROLLMENT_LINK: &str = "Enlace de enrolamiento generado";
pub const OK_VERIFICATION: &str = "Verificación encontrada";
pub const OK_RESENT: &str = "Enlace reenviado";
pub const OK_CANCELLED: &str = "Verificación cancelada";

/// `Status` words. Their casing differs between operations, as the spec shows.
pub mod status {
    pub const SUCCESS_LOWER: &str = "success";
    pub const SUCCESS_CAPITAL: &str = "Success";
    pub const BAD_REQUEST: &str = "bad_request";
    pub const FORBIDDEN: &str = "forbidden";
    pub const NOT_ALLOWED: &str = "not_allowed";
    pub const ERROR: &str = "error";
    pub const NOT_FOUND: &str = "not_found";
}
