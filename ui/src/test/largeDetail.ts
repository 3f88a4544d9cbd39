// For tests only: a version-2 detail shaped like the sandbox's large example file
// (crates/kyb-sandbox/src/detail_data.rs): representatives with their three validations,
// branches with four photos each, proofs of address and the incorporation deed.
import type { DetailV2 } from "../bindings/DetailV2";
import type { Document } from "../bindings/Document";
import type { Entity } from "../bindings/Entity";
import type { EntityData } from "../bindings/EntityData";
import type { ValidationDetails } from "../bindings/ValidationDetails";

/** An entity with no data at all: tests spread their own fields over it. */
export const NO_DATA: EntityData = {
  Nombre: null,
  ApellidoPaterno: null,
  ApellidoMaterno: null,
  CURP: null,
  RFC: null,
  Nacionalidad: null,
  PaisOrigen: null,
  Correo: null,
  Celular: null,
  NombreComercial: null,
  Telefono: null,
  Extension: null,
  Telefono2: null,
  ImagenesInteriores: [],
  ImagenesExteriores: [],
};

const NO_DETAILS: ValidationDetails = {
  CURP: null,
  Nombres: null,
  PrimerApellido: null,
  SegundoApellido: null,
  FechaNacimiento: null,
  Sexo: null,
  EntidadNacimiento: null,
  Nacionalidad: null,
  StatusCURP: null,
  CIC: null,
  ClaveElector: null,
  NumeroEmision: null,
  DistritoFederal: null,
  DistritoLocal: null,
  NumeroOCR: null,
  AnioRegistro: null,
  AnioEmision: null,
  VigenciaHasta: null,
  Estado: null,
  Comentarios: [],
  NombreCompleto: null,
  RFC: null,
  Email: null,
  StatusOperation: null,
  FechaSolicitud: null,
  FechaCallback: null,
  FechaNotificacion: null,
};

const pad = (n: number, width: number) => String(n).padStart(width, "0");

function representative(i: number): Entity {
  const curp = `HELM${pad(80 + (i % 20), 2)}0101HDFRPR${pad(i % 10, 1)}${i % 10}`;
  const given = `Nombre${i}`;
  const listed = i % 6 !== 0;
  return {
    Tipo: "Representante",
    Referencia: `${given} Hernández López`,
    Id: `rep-${i}`,
    Datos: {
      ...NO_DATA,
      Nombre: given,
      ApellidoPaterno: "Hernández",
      ApellidoMaterno: "López",
      CURP: curp,
      RFC: `HELN${pad(i, 6)}AB1`,
      Nacionalidad: "Mexicana",
      PaisOrigen: "México",
      Correo: `rep${i}@example.com`,
      Celular: `55${pad(i, 8)}`,
    },
    Validaciones: [
      {
        Tipo: "Curp",
        Entidad: "RENAPO",
        Resultado: true,
        Estatus: "Validado",
        Detalles: {
          ...NO_DETAILS,
          CURP: curp,
          // One representative in five typed a name the authority spells differently.
          Nombres: i % 5 === 0 ? `${given}A`.toUpperCase() : given.toUpperCase(),
          PrimerApellido: "HERNÁNDEZ",
          SegundoApellido: "LÓPEZ",
          FechaNacimiento: `19${pad(80 + (i % 20), 2)}-01-01`,
          Sexo: "HOMBRE",
          EntidadNacimiento: "CIUDAD DE MEXICO",
          Nacionalidad: "MEXICANA",
          StatusCURP: "RCN",
        },
      },
      {
        Tipo: "ListaNominal",
        Entidad: "INE",
        Resultado: listed,
        Estatus: listed ? "Vigente" : "NoEncontrado",
        Detalles: {
          ...NO_DETAILS,
          CIC: pad(i, 9),
          ClaveElector: `HELMNO${pad(i, 8)}H001`,
          NumeroEmision: "01",
          DistritoFederal: "05",
          DistritoLocal: "12",
          NumeroOCR: pad(i, 13),
          AnioRegistro: "1998",
          AnioEmision: "2021",
          VigenciaHasta: "2031",
          Estado: "CIUDAD DE MEXICO",
          Comentarios: listed ? [] : ["La credencial no se encontró en la lista nominal"],
        },
      },
      {
        Tipo: "Biometrico",
        Entidad: "Proveedor biométrico",
        Resultado: true,
        Estatus: "Completado",
        Detalles: {
          ...NO_DETAILS,
          NombreCompleto: `${given} Hernández López`,
          RFC: `HELN${pad(i, 6)}AB1`,
          CURP: curp,
          Email: `rep${i}@example.com`,
          StatusOperation: "Completado",
          FechaSolicitud: "2026-11-20T10:00:00-06:00",
          FechaCallback: "2026-11-20T10:30:00-06:00",
          FechaNotificacion: "2026-11-20T10:31:00-06:00",
        },
      },
    ],
  };
}

function branch(i: number): Entity {
  const photos = (side: string) => [1, 2].map((n) => `http://127.0.0.1:9/_files/branches/${i}-${side}-${n}.png`);
  return {
    Tipo: "Sucursal",
    Referencia: i === 0 ? "Sucursal Matriz" : `Sucursal ${i + 1}`,
    Id: `branch-${i}`,
    Datos: {
      ...NO_DATA,
      NombreComercial: "Importaciones del Bajío",
      Telefono: `33${pad(i, 8)}`,
      Extension: "123",
      Telefono2: "",
      ImagenesInteriores: photos("interior"),
      ImagenesExteriores: photos("exterior"),
    },
    Validaciones: [],
  };
}

const INDICATORS = [
  [],
  [{ Codigo: "META-01", Titulo: "Metadatos incompletos", Descripcion: "El PDF no conserva la fecha de creación del emisor." }],
  [
    { Codigo: "FONT-02", Titulo: "Tipografía inconsistente", Descripcion: "El importe usa una fuente distinta al resto del documento." },
    { Codigo: "EDIT-01", Titulo: "Edición detectada", Descripcion: "El archivo fue modificado con un editor de imágenes después de su emisión." },
  ],
];

function proofOfAddress(i: number, owner: string): Document {
  const risk = i % 3;
  const edited = risk === 2;
  const day = pad(1 + (i % 28), 2);
  return {
    Categoria: "Domicilio",
    Contexto: i === 0 ? "Expediente" : "Sucursal",
    Referencia: `Comprobante de domicilio de ${owner}`,
    ReferenciaId: `doc-${i}`,
    TipoDocumento: "Comprobante",
    Subtipo: ["Luz", "Agua", "Telefonia"][i % 3] ?? null,
    NombreTitular: "Importaciones del Bajío S.A. de C.V.",
    Direccion: {
      Completa: `Av. Juárez ${i + 1}, Col. Centro, Cuauhtémoc, Ciudad de México, C.P. 06000`,
      Calle: "Av. Juárez",
      NumeroExterior: String(i + 1),
      NumeroInterior: "",
      Colonia: "Centro",
      Ciudad: "Ciudad de México",
      Municipio: "Cuauhtémoc",
      Estado: "Ciudad de México",
      CodigoPostal: "06000",
    },
    Fechas: { Emision: `2026-09-${day}`, FechaLimitePago: `2026-10-${day}` },
    Validaciones: [
      {
        Tipo: "Alteracion",
        Resultado: !edited,
        Estatus: edited ? "Rechazado" : "Aprobado",
        DocumentoEditado: edited,
        NivelRiesgo: ["Bajo", "Medio", "Alto"][risk] ?? null,
        Indicadores: INDICATORS[risk] ?? [],
      },
    ],
    Archivo: { URL: `http://127.0.0.1:9/_files/documents/${i}-comprobante.pdf` },
    AnalisisGeneral: null,
    Representantes: [],
    ObjetoSocial: null,
    ObjetoSocialAnalisis: null,
    OrganosInternos: null,
  };
}

function deed(representatives: number): Document {
  const names = Array.from({ length: representatives }, (_, i) => `Nombre${i} Hernández López`);
  const power = (Valor: boolean) => ({ Valor, Fundamento: Valor ? "Cláusula Décima, fracción III del acta" : "No se encontró facultad expresa" });
  return {
    Categoria: "Legal",
    Contexto: "Expediente",
    Referencia: "Acta constitutiva",
    ReferenciaId: "file",
    TipoDocumento: "ActaConstitutiva",
    Subtipo: null,
    NombreTitular: "Importaciones del Bajío S.A. de C.V.",
    Direccion: null,
    Fechas: null,
    Validaciones: [],
    Archivo: { URL: "http://127.0.0.1:9/_files/documents/acta.pdf" },
    AnalisisGeneral: {
      EsActa: true,
      Libro: "12",
      NumeroEscrituraPublica: "4521",
      NombreNotario: "Lic. Roberto Salinas Ortega",
      NumeroNotario: "33",
      EntidadFederativaNotario: "Ciudad de México",
      FechaInstrumento: "2015-03-01",
      DomicilioSocial: "Ciudad de México",
      CapitalMinimo: "50000.00",
      FechaInscripcion: "2015-04-15",
      FolioMercantil: "N-2015000001",
      RazonDenominacionSociedad: "Importaciones del Bajío S.A. de C.V.",
      FechaConstitucion: "2015-03-01",
      Duracion: "99 años",
    },
    Representantes: names.map((NombreRepresentante) => ({ NombreRepresentante })),
    ObjetoSocial: { ObjetoSocial: "La compraventa, importación, exportación y distribución de toda clase de bienes." },
    ObjetoSocialAnalisis: {
      ObligadoSolidario: power(true),
      Aval: power(false),
      Fianza: power(true),
      Hipoteca: power(false),
      AperturarCuentas: power(true),
      Financiamiento: power(false),
      OperacionesCredito: power(true),
      TitulosCredito: power(false),
    },
    OrganosInternos: {
      Accionistas: names.map((Nombre, i) => ({
        Nombre,
        Nacionalidad: "Mexicana",
        RFC: `HELN${pad(i, 6)}AB1`,
        ParticipacionAccionaria: "50 acciones",
        Porcentaje: 100 / representatives,
        SerieClase: "A",
        CapitalFijo: 2500,
        CapitalVariable: 2500,
        Total: 5000,
      })),
      Administracion: {
        RegimenAdministracion: "Consejo de Administración",
        Integrantes: names.map((Nombre, i) => ({ Nombre, Nacionalidad: "Mexicana", RFC: `HELN${pad(i, 6)}AB1` })),
      },
      OrganoVigilancia: { TipoOrganoVigilancia: "Comisario", Nombre: "C.P. Laura Méndez Ruiz", Nacionalidad: "Mexicana", RFC: "MERL800202AB1" },
    },
  };
}

const FORM: DetailV2["Adicionales"][number] = {
  Tipo: "Formulario",
  Nombre: "Cuestionario de prevención de lavado de dinero",
  Version: 2,
  Secciones: [
    {
      Orden: 1,
      Titulo: "Actividad",
      Preguntas: [
        { Orden: 1, Texto: "Giro principal", Tipo: "Dropdown", Valor: "Comercio al por menor" },
        { Orden: 2, Texto: "Número de empleados", Tipo: "Number", Valor: "35" },
      ],
    },
    {
      Orden: 2,
      Titulo: "Operaciones",
      Preguntas: [
        { Orden: 1, Texto: "¿Realiza operaciones en efectivo mayores a 100,000 MXN?", Tipo: "Boolean", Valor: false },
        { Orden: 2, Texto: "¿Opera con el extranjero?", Tipo: "Boolean", Valor: true },
      ],
    },
  ],
};

/** The large example's size by default: 20 representatives, 30 branches, 200 documents
 * (the file's proof of address, its deed, then the branches' proofs). */
export function largeDetail(representatives = 20, branches = 30, documents = 200): DetailV2 {
  const branchEntities = Array.from({ length: branches }, (_, i) => branch(i));
  const proofs = Array.from({ length: Math.max(documents - 1, 0) }, (_, i) =>
    proofOfAddress(i, i === 0 ? "el expediente" : (branchEntities[(i - 1) % branches]?.Referencia ?? "la sucursal")),
  );
  return {
    ExpedienteId: "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10",
    TipoPersona: "Moral",
    Tramite: "Alta",
    Secciones: ["ProofAddressObligatorio", "ActaConstitutiva"],
    Cliente: "Importaciones del Bajío S.A. de C.V.",
    RFC: "IBA150301AB2",
    FechaCreacion: "2026-11-01T10:00:00Z",
    FechaRecibido: "2026-11-01T10:00:00Z",
    FechaUltimaModificacion: "2026-11-20T10:00:00Z",
    Entidades: [...Array.from({ length: representatives }, (_, i) => representative(i)), ...branchEntities],
    Documentos: [...proofs.slice(0, 1), deed(representatives), ...proofs.slice(1)],
    Adicionales: [FORM],
    _Schema: null,
  };
}
