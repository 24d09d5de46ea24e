/** The longest part of a call id a spill file's name keeps. */
const mostIdChars = 48

/**
 * The name of a spill file: the call id reduced to `[A-Za-z0-9_-]` (every other run of characters
 * becomes one `_`, at most 48 kept; `call` when nothing is left), a unique part, and the
 * extension. Whatever the call id holds (`../../x`, `/etc/passwd`, NUL, `.`, `..`, a megabyte of
 * text), the name has no separator, no dot but the extension's, and never starts with a dot: it
 * names a file inside the folder, never the folder itself or anything outside it.
 *
 * @param unique - lowercase hex, made fresh for each file
 * @param extension - letters and digits only
 */
export function spillFileName(callId: string, unique: string, extension: string): string {
  const readable = callId
    .slice(0, mostIdChars * 8)
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .slice(0, mostIdChars)
    .replace(/^[_-]+|_+$/g, '')
  return `${readable === '' ? 'call' : readable}-${unique}.${extension}`
}
