/**
 * Eight lowercase hex digits that depend only on `text` (FNV-1a, 32 bits, over its UTF-16 code
 * units): the same on every run, machine and version, so a shortened or disambiguated tool name
 * stays the name the model saw last time. Not a security measure: collisions are resolved by the
 * caller.
 */
export function stableHash(text: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}
