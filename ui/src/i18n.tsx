import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

// UI text lives here, in Spanish (es-MX, the default) and English. Keys are typed, so a
// missing translation is a compile error rather than a blank label.
const messages = {
  "es-MX": {
    tagline: "Mesa de revisión de expedientes empresariales",
    language: "Idioma",
    switchTo: "English",
    loading: "Cargando…",
    backendUnavailable: "No se pudo comunicar con el proceso de la aplicación.",
    build: "Compilación",
    demoBanner: "Modo demostración: datos de ejemplo de un servicio local. Nada se envía al servicio real.",
    profileLabel: "Perfil",
    noProfileTitle: "Aún no hay un perfil",
    noProfileBody: "Cree un perfil con su entorno, Workspace y API Key para empezar.",
    navWatchlist: "Seguimiento",
    watchlistTitle: "Expedientes en seguimiento",
    searchPlaceholder: "Buscar por RFC, empresa o DocumentId  ( / )",
    allStatuses: "Todos los estatus",
    onlyChanged: "Solo con cambios",
    refreshAll: "Actualizar todo",
    refreshing: "Actualizando {done} de {total}…",
    addTitle: "Seguir un expediente",
    flow: "Flujo",
    rfc: "RFC",
    add: "Seguir",
    importCsv: "Importar CSV",
    importDone: "{added} agregados, {already} ya seguidos, {refused} rechazados.",
    colCompany: "Empresa",
    colRfc: "RFC",
    colFlow: "Flujo",
    colStatus: "Estatus",
    colSections: "Secciones",
    colPersons: "Enrolados",
    colUpdated: "Actualizado",
    sectionsSummary: "{accepted} de {total} aceptadas",
    sectionsRejected: "{rejected} rechazadas",
    notRefreshed: "Sin consultar",
    notFoundYet: "El servicio aún no tiene este expediente",
    changedMark: "Cambió desde su última revisión",
    unwatch: "Dejar de seguir",
    emptyWatchlistTitle: "No sigue ningún expediente",
    emptyWatchlistBody: "Agregue un RFC con su flujo, o importe un CSV con una columna RFC (y opcionalmente FlowID).",
    noMatches: "Ningún expediente coincide con la búsqueda.",
    rowsShown: "{shown} de {total} expedientes",
    whatToDo: "Qué hacer",
    "category.entering": "Captura",
    "category.queued": "En cola",
    "category.in_review": "En revisión",
    "category.with_user": "Con el usuario",
    "category.enrolling": "Enrolamiento",
    "category.enrollment_failed": "Enrolamiento fallido",
    "category.approved": "Aceptado",
    "category.closed": "Finalizado",
    "category.unknown": "Otro",
    "error.unauthorized": "La API Key fue rechazada.",
    "hint.unauthorized": "Revise la API Key del perfil (y que su suscripción esté activa) y vuelva a intentar.",
    "error.workspace_forbidden": "El Workspace no es válido o no está activo.",
    "hint.workspace_forbidden": "Corrija el Workspace del perfil o pida que lo activen.",
    "error.not_allowed": "La operación no está permitida para esta persona o expediente.",
    "hint.not_allowed": "Consulte el seguimiento: solo se genera el enlace cuando la persona lo permite.",
    "error.not_found": "No se encontró.",
    "hint.not_found": "Verifique el identificador, el flujo o el RFC.",
    "error.validation": "La solicitud no cumple las reglas del servicio.",
    "hint.validation": "Corrija cada punto de la lista y vuelva a enviar.",
    "error.state_conflict": "El estatus actual no permite esta operación.",
    "hint.state_conflict": "Actualice la verificación para ver su estatus.",
    "error.trial_limit": "Se agotaron los intentos de la versión de prueba.",
    "hint.trial_limit": "Contacte a su proveedor para activar la versión completa.",
    "error.rejected": "El servicio rechazó la solicitud.",
    "hint.rejected": "Revise los datos enviados.",
    "error.server": "El servicio tuvo un error.",
    "hint.server": "Intente de nuevo en unos minutos; su trabajo sigue guardado.",
    "error.timeout": "El servicio no respondió a tiempo.",
    "hint.timeout": "Revise su conexión e intente de nuevo.",
    "error.network": "No hay conexión con el servicio.",
    "hint.network": "Revise su conexión a internet o la dirección del servicio.",
    "error.decode": "La respuesta del servicio no se pudo leer.",
    "hint.decode": "Intente de nuevo; si persiste, repórtelo con el detalle.",
    "error.invalid_input": "Hay datos por corregir.",
    "hint.invalid_input": "Corrija cada punto de la lista.",
    "error.no_profile": "No hay un perfil activo.",
    "hint.no_profile": "Elija o cree un perfil.",
    "error.no_api_key": "El perfil no tiene API Key.",
    "hint.no_api_key": "Agregue la API Key del perfil.",
    "error.keyring_unavailable": "No se pudo usar el llavero del sistema.",
    "hint.keyring_unavailable": "Inicie un llavero (Secret Service) o guarde la llave solo para esta sesión.",
    "error.no_address": "Este entorno no tiene dirección configurada.",
    "hint.no_address": "Use una dirección personalizada en el perfil.",
    "error.storage": "No se pudo leer o guardar un archivo local.",
    "hint.storage": "Revise el espacio en disco y los permisos.",
  },
  en: {
    tagline: "Business onboarding file review desk",
    language: "Language",
    switchTo: "Español",
    loading: "Loading…",
    backendUnavailable: "Could not reach the application process.",
    build: "Build",
    demoBanner: "Demo mode: sample data from a local service. Nothing reaches the real service.",
    profileLabel: "Profile",
    noProfileTitle: "No profile yet",
    noProfileBody: "Create a profile with its environment, Workspace and API key to start.",
    navWatchlist: "Watchlist",
    watchlistTitle: "Followed files",
    searchPlaceholder: "Search by RFC, company or DocumentId  ( / )",
    allStatuses: "All statuses",
    onlyChanged: "Changed only",
    refreshAll: "Refresh all",
    refreshing: "Refreshing {done} of {total}…",
    addTitle: "Follow a file",
    flow: "Flow",
    rfc: "RFC",
    add: "Follow",
    importCsv: "Import CSV",
    importDone: "{added} added, {already} already followed, {refused} refused.",
    colCompany: "Company",
    colRfc: "RFC",
    colFlow: "Flow",
    colStatus: "Status",
    colSections: "Sections",
    colPersons: "Enrolled",
    colUpdated: "Updated",
    sectionsSummary: "{accepted} of {total} accepted",
    sectionsRejected: "{rejected} rejected",
    notRefreshed: "Not queried yet",
    notFoundYet: "The service has no such file yet",
    changedMark: "Changed since your last review",
    unwatch: "Unfollow",
    emptyWatchlistTitle: "You follow no files",
    emptyWatchlistBody: "Add an RFC with its flow, or import a CSV with an RFC column (and optionally FlowID).",
    noMatches: "No file matches the search.",
    rowsShown: "{shown} of {total} files",
    whatToDo: "What to do",
    "category.entering": "Data entry",
    "category.queued": "Queued",
    "category.in_review": "In review",
    "category.with_user": "With the user",
    "category.enrolling": "Enrollment",
    "category.enrollment_failed": "Enrollment failed",
    "category.approved": "Accepted",
    "category.closed": "Closed",
    "category.unknown": "Other",
    "error.unauthorized": "The API key was refused.",
    "hint.unauthorized": "Check the profile's API key (and that its subscription is active), then retry.",
    "error.workspace_forbidden": "The Workspace is invalid or inactive.",
    "hint.workspace_forbidden": "Fix the profile's Workspace or ask for it to be activated.",
    "error.not_allowed": "The operation is not allowed for this person or file.",
    "hint.not_allowed": "Check the tracking: a link is issued only when the person allows it.",
    "error.not_found": "Not found.",
    "hint.not_found": "Check the identifier, the flow or the RFC.",
    "error.validation": "The request breaks the service's rules.",
    "hint.validation": "Fix each point of the list and send again.",
    "error.state_conflict": "The current status does not allow this operation.",
    "hint.state_conflict": "Refresh the verification to see its status.",
    "error.trial_limit": "The trial version's attempts are used up.",
    "hint.trial_limit": "Contact your provider to activate the full version.",
    "error.rejected": "The service refused the request.",
    "hint.rejected": "Check the data sent.",
    "error.server": "The service failed.",
    "hint.server": "Try again in a few minutes; your work is still saved.",
    "error.timeout": "The service did not answer in time.",
    "hint.timeout": "Check your connection and try again.",
    "error.network": "No connection to the service.",
    "hint.network": "Check your internet connection or the service address.",
    "error.decode": "The service's answer could not be read.",
    "hint.decode": "Try again; if it persists, report it with the detail.",
    "error.invalid_input": "Some data needs fixing.",
    "hint.invalid_input": "Fix each point of the list.",
    "error.no_profile": "No profile is active.",
    "hint.no_profile": "Choose or create a profile.",
    "error.no_api_key": "The profile has no API key.",
    "hint.no_api_key": "Add the profile's API key.",
    "error.keyring_unavailable": "The system keyring could not be used.",
    "hint.keyring_unavailable": "Start a keyring (Secret Service) or keep the key for this session only.",
    "error.no_address": "This environment has no address configured.",
    "hint.no_address": "Use a custom address in the profile.",
    "error.storage": "A local file could not be read or written.",
    "hint.storage": "Check disk space and permissions.",
  },
} as const;

export type Locale = keyof typeof messages;
export type MessageKey = keyof (typeof messages)["es-MX"];

const STORAGE_KEY = "kyb-desk.locale";

function initialLocale(): Locale {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  return stored === "en" ? "en" : "es-MX";
}

/** Values for `{name}` placeholders. */
export type Vars = Record<string, string | number>;

interface I18n {
  locale: Locale;
  t: (key: MessageKey, vars?: Vars) => string;
  toggleLocale: () => void;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const toggleLocale = useCallback(() => {
    setLocale((current) => {
      const next: Locale = current === "es-MX" ? "en" : "es-MX";
      globalThis.localStorage?.setItem(STORAGE_KEY, next);
      document.documentElement.lang = next;
      return next;
    });
  }, []);
  const value = useMemo<I18n>(
    () => ({
      locale,
      t: (key, vars) => messages[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => String(vars?.[name] ?? whole)),
      toggleLocale,
    }),
    [locale, toggleLocale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useI18n must be used inside <I18nProvider>");
  return i18n;
}
