// The key the window makes for a team write it may press again (a note): the database
// answers a second press of the same key with what the first one wrote.

/** A random UUID (version 4, RFC 9562) from the platform's strong random, which every
 * context has (`crypto.randomUUID` needs a secure one). */
export function newKey(): string {
  const bytes = Array.from(crypto.getRandomValues(new Uint8Array(16)));
  // The version (4) and the variant (binary 10), in their nibbles.
  const marked = bytes.map((byte, i) => (i === 6 ? (byte & 0x0f) | 0x40 : i === 8 ? (byte & 0x3f) | 0x80 : byte));
  const hex = marked.map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
