/**
 * Each tool's name in Agents JS: `-` made `_`. A name already free of `-` keeps itself; one that
 * would then be another tool's gets `_` and a hash of its own name (at most 64 characters, as
 * OpenAI allows), so every tool stays callable and the same set always gets the same names.
 */
export function agentsNamesOf(names: readonly string[]): Map<string, string> {
  const taken = new Set(names.filter((name) => !name.includes('-')))
  const agentsNames = new Map<string, string>()
  for (const name of names) {
    if (!name.includes('-')) {
      agentsNames.set(name, name)
      continue
    }
    let agentsName = name.replaceAll('-', '_')
    for (let attempt = 0; taken.has(agentsName); attempt++) {
      const suffix = `_${hashOf(`${name}#${String(attempt)}`)}`
      agentsName = `${name.replaceAll('-', '_').slice(0, 64 - suffix.length)}${suffix}`
    }
    taken.add(agentsName)
    agentsNames.set(name, agentsName)
  }
  return agentsNames
}

/** FNV-1a of a name, 8 hex digits: short, stable, no dependency. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}
