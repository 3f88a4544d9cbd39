// The demo guide: its words in Spanish (es-MX), among the core messages (../es-MX.ts).
// Their keys are the type the English must match (./en.ts).
export const guideEsMX = {
  // Demo guide
  "guide.title": "Pruebe esto",
  "guide.intro": "Recorridos cortos por la demostración, a un clic cada uno. Nada sale de este equipo.",
  "guide.hide": "Ocultar",
  "guide.hideTitle": "Ocultar este panel; no vuelve a mostrarse",
  "guide.fold": "Contraer",
  "guide.unfold": "Mostrar los recorridos",
  "guide.done": "Hecho",
  "guide.progress": "{done} de {total} hechos",
  "guide.review.title": "Revise un expediente",
  "guide.review.text": "Abra la revisión de {company}: acepte o rechace sus secciones con el teclado y envíe la solicitud de corrección.",
  "guide.review.go": "Abrir la revisión",
  "guide.enrollment.title": "Genere un enlace de enrolamiento",
  "guide.enrollment.text": "En el seguimiento de {company}, una persona puede enrolarse y otra no: genere el enlace de la primera.",
  "guide.enrollment.go": "Abrir el seguimiento",
  "guide.resend.title": "Reenvíe una verificación",
  "guide.resend.text": "La verificación {folio} ({status}) admite un reenvío: reenvíe su enlace (en el servicio real, cada reenvío se cobra).",
  "guide.resend.go": "Abrir la verificación",
  "guide.folios": "Folios de la demostración",
};

export type GuideKey = keyof typeof guideEsMX;
