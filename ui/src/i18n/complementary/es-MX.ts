// The complementary information screen: its words in Spanish (es-MX), among the screens' words (../screens/es-MX.ts).
// Their keys are the type the English must match (./en.ts).
export const complementaryEsMX = {
  "comp.open": "Agregar secciones de otro flujo",
  "comp.title": "Información complementaria",
  "comp.intro": "Se agregan al expediente las secciones del flujo elegido que aún no tiene; las que ya tiene no cambian.",
  "comp.message": "Mensaje para el usuario (opcional)",
  "comp.notify": "Avisar al usuario por correo y SMS (si tiene datos de contacto)",
  "comp.send": "Agregar secciones",
  "comp.added": "Se {n:agregó|agregaron} {n} {n:sección|secciones}:",
  "comp.nothing": "No faltaba nada: el expediente ya tenía todas las secciones de ese flujo.",
  "comp.unknown":
    "No se sabe si las secciones se agregaron ni si se avisó al usuario: la respuesta no llegó. Revise las secciones en el seguimiento antes de enviar de nuevo: volver a enviar no duplica secciones (solo se agregan las que faltan), pero puede avisar al usuario otra vez.",
  "comp.reread": "Ver el seguimiento actualizado",
  "comp.sendAgain": "Enviar de nuevo (puede avisar otra vez)",
  "comp.mismatch":
    "El tipo de persona del flujo no coincide con el del expediente: a una persona física no se le agregan secciones de persona moral, ni al revés. Elija un flujo del mismo tipo.",
  "comp.form": "Formulario dinámico {id}…",
  "comp.moral": "personas morales",
  "comp.fisica": "personas físicas",
  "comp.onlyType": "Solo se ofrecen flujos de {type}, como el expediente.",
  "comp.noneOfType": "Ningún flujo del perfil es de {type}, como el expediente: escriba el FlowID de uno que lo sea.",
  "comp.typeUnknown":
    "El flujo del expediente no está en el perfil, así que no se sabe su tipo de persona: se ofrecen todos los flujos, y el servicio rechaza uno de otro tipo.",
};

export type ComplementaryKey = keyof typeof complementaryEsMX;
