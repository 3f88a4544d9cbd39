// The enrollment links screen: its words in Spanish (es-MX), among the screens' words (../screens/es-MX.ts).
// Their keys are the type the English must match (./en.ts).
export const enrollmentEsMX = {
  "enroll.column": "Enlace de enrolamiento",
  "enroll.generate": "Generar enlace",
  "enroll.notAllowed": "El servicio no permite generar un enlace para esta persona por ahora.",
  "enroll.notAllowedBecause": "El servicio no permite generar un enlace para esta persona por ahora: {reason}",
  "enroll.completed": "Esta persona ya completó su enrolamiento: no necesita otro enlace.",
  "enroll.notSaid": "El servicio no dijo si esta persona puede enrolarse: actualice el seguimiento más tarde.",
  "enroll.noPersonId": "El servicio no dio el identificador de esta persona: no se le puede generar un enlace.",
  "enroll.title": "Enlace de enrolamiento biométrico",
  "enroll.for": "Para {name}. Compártalo solo con esa persona: con él se enrola.",
  "enroll.qr": "Código QR del enlace de {name}",
  "enroll.record": "Registro {id}",
  "enroll.noUrl": "El servicio confirmó el registro pero no envió el enlace. Consulte el seguimiento antes de pedir otro.",
  "enroll.issuedTitle": "Enlaces emitidos desde KYB Desk",
  "enroll.noneIssued": "Aún no se ha generado ningún enlace para este expediente.",
  "enroll.when": "Cuándo",
  "enroll.agent": "Agente",
  "enroll.outcome": "Resultado",
  "enroll.issued": "Emitido",
  "enroll.unknown":
    "No se sabe si se generó el enlace de {name}. Antes de generar otro, revise abajo los enlaces emitidos y, en el seguimiento (actualícelo), el estatus de enrolamiento de la persona.",
};

export type EnrollmentKey = keyof typeof enrollmentEsMX;
