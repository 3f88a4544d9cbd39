// How a note's mentions are drawn and offered while typing. Who is notified is the
// database's to decide (migration 0009's team_mentioned, the one parser); the window
// only draws the same "@login" of a member distinctly, from the members it reads.

/** A word as the database reads one after "@": a letter, then letters, digits, ". _ -". */
const MENTION = /(^|[^a-z0-9._@-])@([a-z][a-z0-9._-]{0,62})/gi;

export interface NotePart {
  text: string;
  /** The member this "@login" names, when it names one. */
  member?: string;
}

/** The member a word names: itself, or without trailing ". _ -" (the end of a sentence). */
function memberOf(word: string, logins: ReadonlySet<string>): string | undefined {
  const lower = word.toLowerCase();
  if (logins.has(lower)) return lower;
  const trimmed = lower.replace(/[._-]+$/, "");
  return logins.has(trimmed) ? trimmed : undefined;
}

/** A note's text in parts, each "@login" of a member its own part. */
export function noteParts(body: string, logins: ReadonlySet<string>): NotePart[] {
  const parts: NotePart[] = [];
  let from = 0;
  for (const match of body.matchAll(MENTION)) {
    const word = match[2] ?? "";
    const member = memberOf(word, logins);
    if (!member) continue;
    const at = (match.index ?? 0) + (match[1]?.length ?? 0);
    // The part drawn is "@" and the member's login; trailing punctuation stays text.
    const end = at + 1 + member.length;
    if (at > from) parts.push({ text: body.slice(from, at) });
    parts.push({ text: body.slice(at, end), member });
    from = end;
  }
  if (from < body.length) parts.push({ text: body.slice(from) });
  return parts;
}

/** The "@word" being typed just before the caret: where its "@" is and what follows. */
export function typedMention(text: string, caret: number): { at: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[^a-z0-9._@-])@([a-z0-9._-]{0,63})$/i.exec(before);
  if (!match) return null;
  const query = match[2] ?? "";
  return { at: caret - query.length - 1, query: query.toLowerCase() };
}

/** The members offered for `query`: those whose login begins with it, then those holding it. */
export function offered(logins: readonly string[], query: string, me: string | null, max = 8): string[] {
  const others = logins.filter((login) => login !== me);
  const starts = others.filter((login) => login.startsWith(query));
  const holds = others.filter((login) => !login.startsWith(query) && login.includes(query));
  return [...starts, ...holds].slice(0, max);
}

/** The text with the typed "@query" at `at` replaced by "@login ", and the caret after it. */
export function picked(text: string, at: number, caret: number, login: string): { text: string; caret: number } {
  const inserted = `@${login} `;
  return { text: text.slice(0, at) + inserted + text.slice(caret), caret: at + inserted.length };
}
