import { stableHash } from './stable-hash.js'

/** The longest tool name providers accept (SPEC §6.1). */
const maxNameLength = 64
/** Room left for `_` and an eight-digit hash at the end of a shortened or disambiguated name. */
const stemLength = maxNameLength - 9
const unsafeCharacter = /[^a-zA-Z0-9_-]/gu

/**
 * The provider-safe names (`^[a-zA-Z0-9_-]{1,64}$`) of a server's tools, by original name. A
 * deterministic function of the set of names and the prefix alone, whatever order the server lists
 * them in:
 *
 * 1. the candidate is `prefix_name` (or `name` without a prefix) with every other character than
 *    ASCII letters, digits, `_` and `-` replaced by `_` (one per code point; `_` for an empty name);
 * 2. a candidate longer than 64 characters keeps its first 55 and ends with `_` and the stable hash
 *    of the original name;
 * 3. when several names share a candidate, the one it spells exactly keeps it (else the first in
 *    code-unit order), and each other one is shortened to 55 characters and ends with `_` and the
 *    hash of its original name; if even that is taken, of the name with `#1`, `#2`… appended.
 *
 * Names that need no change keep themselves, so a server's names survive wherever they can.
 *
 * @param originals - the server's tool names, without duplicates
 * @param prefix - a valid tool-name fragment, or undefined
 */
export function mapToolNames(
  originals: readonly string[],
  prefix: string | undefined,
): Map<string, string> {
  const byCandidate = new Map<string, string[]>()
  for (const original of [...originals].sort(compareCodeUnits)) {
    const candidate = candidateOf(original, prefix)
    const group = byCandidate.get(candidate)
    if (group === undefined) byCandidate.set(candidate, [original])
    else group.push(original)
  }

  const mapped = new Map<string, string>()
  const taken = new Set(byCandidate.keys())
  const losers: [original: string, candidate: string][] = []
  for (const [candidate, group] of byCandidate) {
    const exact = group.find((original) => spelled(original, prefix) === candidate)
    const winner = exact ?? group[0] ?? candidate
    mapped.set(winner, candidate)
    for (const original of group) if (original !== winner) losers.push([original, candidate])
  }
  for (const [original, candidate] of losers.sort(([left], [right]) =>
    compareCodeUnits(left, right),
  )) {
    const stem = candidate.slice(0, stemLength)
    let name = `${stem}_${stableHash(original)}`
    for (let attempt = 1; taken.has(name); attempt++) {
      name = `${stem}_${stableHash(`${original}#${String(attempt)}`)}`
    }
    taken.add(name)
    mapped.set(original, name)
  }
  return mapped
}

function spelled(original: string, prefix: string | undefined): string {
  return prefix === undefined ? original : `${prefix}_${original}`
}

function candidateOf(original: string, prefix: string | undefined): string {
  const safe = spelled(original, prefix).replace(unsafeCharacter, '_') || '_'
  return safe.length <= maxNameLength
    ? safe
    : `${safe.slice(0, stemLength)}_${stableHash(original)}`
}

function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0
}
