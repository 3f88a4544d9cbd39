// The profiles screen: its words in Spanish (es-MX), among the screens' words (../screens/es-MX.ts; those of the first screen in ./first.es-MX.ts).
// Their keys are the type the English must match (./en.ts).
export const profilesEsMX = {
  "policy.fixedTeam": "La política de su empresa fija la base de datos del equipo de este espacio de trabajo; el usuario y la contraseña son los suyos.",
  "policy.fixedProfile": "Fijado por la política de su empresa: este perfil no se puede eliminar, y sus campos fijados no se pueden cambiar.",
  "profiles.title": "Perfiles",
  "profiles.intro": "Con qué servicio, Workspace y correo trabaja. Las API Keys viven en el llavero del sistema.",
  "profiles.add": "Nuevo perfil",
  "profiles.addTitle": "Nuevo perfil",
  "profiles.editTitle": "Editar «{name}»",
  "profiles.toList": "← Perfiles",
  "profiles.active": "Activo",
  "profiles.use": "Usar este perfil",
  "profiles.check": "Probar conexión",
  "profiles.checking": "Probando…",
  "profiles.edit": "Editar",
  "profiles.forgetKey": "Quitar la API Key",
  "profiles.delete": "Eliminar",
  "profiles.flows": "Flujos",
  "profiles.key": "API Key",
  "profiles.keyKeyring": "•••• {last} · en el llavero del sistema",
  "profiles.keySession": "•••• {last} · solo esta sesión",
  "profiles.keyMissing": "Sin API Key: agréguela en Editar.",
  "profiles.keyUnreadable": "No se pudo leer el llavero: {why}",
  "profiles.nowActive": "Ahora trabaja con «{name}».",
  "profiles.saved": "Perfil «{name}» guardado; el servicio aceptó su API Key, su Workspace y sus flujos.",
  "profiles.keyForgotten": "Se quitó la API Key de «{name}».",
  "profiles.deleted": "Se eliminó el perfil «{name}».",
  "profiles.forgetTitle": "¿Quitar la API Key de «{name}»?",
  "profiles.forgetBody": "Se borra del llavero del sistema (y de esta sesión). Para volver a trabajar con este perfil tendrá que escribirla de nuevo.",
  "profiles.deleteTitle": "¿Eliminar el perfil «{name}»?",
  "profiles.deleteBody":
    "Se borran el perfil, su API Key del llavero, su lista de seguimiento, sus borradores y su historial de detalles. Lo que se envió al servicio no cambia y la bitácora lo conserva.",
  "profiles.deleteActive": "Es el perfil activo: después se trabajará con «{next}».",
  "profiles.deleteLast": "Es el único perfil: después tendrá que configurar uno nuevo.",
  "profiles.keyKeep": "Deje vacío para conservar la actual (•••• {last})",
  "profiles.savedNotConnected": "Los datos del perfil quedaron guardados; la conexión no se pudo verificar.",
  "profiles.cancel": "Volver sin guardar",
  "profiles.originTitle": "La API Key no se envía hasta que lo confirme",
  "profiles.originChanged":
    "La API Key se dio para {bound}; el perfil ahora apunta a {current}. No se enviará a la nueva dirección hasta que usted lo confirme o la ingrese de nuevo.",
  "profiles.originNoAddress": "La API Key se dio para {bound}; el perfil ahora no tiene dirección. Ingrese la API Key de nuevo cuando tenga una.",
  "profiles.originUnknown": "una dirección desconocida",
  "profiles.originSend": "Enviar esta API Key a {origin}",
  "profiles.originReenter": "Ingresar la API Key de nuevo",
  "profiles.originConfirmTitle": "¿Enviar la API Key de «{name}» a la nueva dirección?",
  "profiles.originConfirmBody":
    "Desde ahora la API Key irá a la dirección nueva. Confírmelo solo si esa dirección es del servicio que le dio la llave. El sistema se lo preguntará una vez más en una ventana propia: esa respuesta es la que cuenta.",
  "profiles.originFrom": "Dirección para la que se dio",
  "profiles.originTo": "Dirección nueva",
  "profiles.originConfirmed": "La API Key de «{name}» ahora se envía a {origin}.",
  "profiles.originNotConfirmed": "No se confirmó la dirección nueva: la API Key de «{name}» sigue yendo solo a {bound}.",
  "profiles.workspaceHint":
    "El identificador de la cuenta de su empresa en el servicio: va en cada petición (X-Workspace). Pídalo, con la API Key, a quien administra esa cuenta.",
  "profiles.flowHint":
    "Cada flujo está configurado en el servicio y define qué pide un expediente: sus secciones y el tipo de persona. Pida sus FlowID a quien administra la cuenta; el nombre es suyo, para reconocer el flujo aquí.",
  "profiles.demoHint":
    "¿Solo quiere conocer la aplicación? La demostración trae un servicio local con expedientes de ejemplo y no pide cuenta: ábrala con make run desde el código fuente (o kyb-desk --demo). Los instaladores no la incluyen.",
};

export type ProfilesKey = keyof typeof profilesEsMX;
