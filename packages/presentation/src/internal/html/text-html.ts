/**
 * Text as HTML: the five characters that mean something in markup (`&`, `<`, `>`, `"`, `'`)
 * become references, so the result is inert in a text node and in a quoted attribute value
 * alike; control and invisible characters become visible labels (a `tp-ctl` span), so nothing a
 * tool wrote can hide or reorder what a person reads:
 *
 * - C0 controls other than tab and newline, and DEL: their control picture (`␛`, `␍`, `␀`…);
 * - C1 controls (U+0080–U+009F), the bidirectional controls (U+061C, U+200E, U+200F,
 *   U+202A–U+202E, U+2066–U+2069: the "Trojan Source" characters) and the invisible ones
 *   (U+200B, U+2060, U+FEFF): their code point, `U+202E`;
 * - a lone surrogate (not text at all): U+FFFD.
 *
 * Written by hand: it is one regular expression and a table, and its whole behaviour is pinned
 * by the XSS corpus; an escaping library would add a dependency to a layer-1 package for less.
 */
export function textHtml(text: string): string {
  return text.replace(special, replacement)
}

/** An attribute value we write ourselves (a checked URL): the same escaping, no labels needed. */
export function attributeHtml(value: string): string {
  return value.replace(markup, (character) => references[character] ?? '')
}

const markup = /[&<>"']/g

const special =
  // eslint-disable-next-line no-control-regex -- control characters are what this matches
  /[&<>"']|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

const references: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function replacement(character: string): string {
  const reference = references[character]
  if (reference !== undefined) return reference
  const code = character.charCodeAt(0)
  if (code >= 0xd800 && code <= 0xdfff) return '\ufffd'
  return `<span class="tp-ctl">${label(code)}</span>`
}

function label(code: number): string {
  // Control pictures: U+2400 + code for C0, U+2421 for DEL.
  if (code < 0x20) return String.fromCharCode(0x2400 + code)
  if (code === 0x7f) return '\u2421'
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}
