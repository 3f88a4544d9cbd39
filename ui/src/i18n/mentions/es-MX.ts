// Mentions in notes: the notice to the member named, and the box's completion; its words
// in Spanish (es-MX), the source of the keys.
export const mentionsEsMX = {
  "mentions.notice": "{author} te mencionó en {file}:",
  "mentions.open": "Abrir expediente",
  "mentions.dismiss": "Cerrar aviso",
  "mentions.region": "Menciones",
  "mentions.members": "Miembros que puede mencionar",
  "mentions.hint": "Escriba @ para mencionar a un miembro del equipo.",
};

export type MentionsKey = keyof typeof mentionsEsMX;
