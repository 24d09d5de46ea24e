// Checks tool-queries.json against tool-catalogue.json (plain Node ESM, no dependencies).
// Fails (exit 1, printing the offenders) when a query contains a word of its expected tool's name
// (or a simple inflection of one), when an expected / alsoAcceptable tool is not in the catalogue,
// when a query is not 5–20 words long or is repeated, or when the set is under its minimums.
// A query that contains a word of its server's id is only warned about (the brief allows it when
// the task cannot be stated without naming the product).
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const catalogue = JSON.parse(readFileSync(join(here, 'tool-catalogue.json'), 'utf8'))
const { queries } = JSON.parse(readFileSync(join(here, 'tool-queries.json'), 'utf8'))

const MIN_QUERIES = 230
const MIN_DISTINCT_TOOLS = 180
const MIN_SERVERS = 12
const MAX_SERVER_SHARE = 0.2

/** Words of a name: split on `_`, `-`, `.`, other non-alphanumerics, camelCase and digit runs; lowercased. */
function nameWords(name) {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase())
}

/** Words of a query: lowercased runs of letters or of digits. */
function queryWords(query) {
  return query.toLowerCase().match(/[a-z]+|[0-9]+/g) ?? []
}

function inflections(w) {
  const out = new Set([w, `${w}s`, `${w}es`, `${w}ed`, `${w}ing`, `${w}er`])
  if (w.endsWith('e')) {
    const s = w.slice(0, -1)
    out.add(`${s}ing`).add(`${s}ed`).add(`${s}er`)
  }
  if (/[^aeiou]y$/.test(w)) {
    const s = w.slice(0, -1)
    out.add(`${s}ies`).add(`${s}ied`)
  }
  if (/[^aeiou][aeiou][b-df-hj-np-tvz]$/.test(w)) {
    const d = w + w.at(-1)
    out.add(`${d}ing`).add(`${d}ed`).add(`${d}er`)
  }
  return out
}

/** A name word, its simple inflections, and (for an inflected name word) its stem's inflections. */
function forbiddenForms(word) {
  const stems = new Set([word])
  if (word.length >= 4) {
    if (word.endsWith('ies')) stems.add(`${word.slice(0, -3)}y`)
    else if (word.endsWith('es')) stems.add(word.slice(0, -2)).add(word.slice(0, -1))
    else if (word.endsWith('s') && !word.endsWith('ss')) stems.add(word.slice(0, -1))
    if (word.endsWith('ed')) stems.add(word.slice(0, -2)).add(word.slice(0, -1))
    if (word.endsWith('ing')) stems.add(word.slice(0, -3)).add(`${word.slice(0, -3)}e`)
  }
  const out = new Set()
  for (const s of stems) if (s === word || s.length >= 3) for (const f of inflections(s)) out.add(f)
  return out
}

const tools = new Map()
for (const server of catalogue.servers)
  for (const tool of server.tools) tools.set(`${server.id}_${tool.name}`, { server, tool })

const errors = []
const warnings = []
const seen = new Set()
const perServer = new Map()
const distinct = new Set()

for (const [i, q] of queries.entries()) {
  const where = `#${i} ${JSON.stringify(q.query)} -> ${q.expected}`
  if (typeof q.query !== 'string' || typeof q.expected !== 'string') {
    errors.push(`${where}: query and expected must be strings`)
    continue
  }
  const key = q.query.trim().toLowerCase()
  if (seen.has(key)) errors.push(`${where}: repeated query`)
  seen.add(key)
  const count = q.query.trim().split(/\s+/).length
  if (count < 5 || count > 20) errors.push(`${where}: ${count} words (want 5–20)`)
  const hit = tools.get(q.expected)
  if (!hit) {
    errors.push(`${where}: expected tool not in the catalogue`)
    continue
  }
  for (const other of q.alsoAcceptable ?? []) {
    if (!tools.has(other)) errors.push(`${where}: alsoAcceptable ${other} not in the catalogue`)
    if (other === q.expected) errors.push(`${where}: alsoAcceptable repeats expected`)
  }
  const qw = new Set(queryWords(q.query))
  for (const w of new Set(nameWords(hit.tool.name))) {
    const bad = [...forbiddenForms(w)].filter((f) => qw.has(f))
    if (bad.length) errors.push(`${where}: contains name word "${w}" as ${bad.join(', ')}`)
  }
  for (const w of new Set(nameWords(hit.server.id))) {
    if (w.length < 3) continue
    const bad = [...forbiddenForms(w)].filter((f) => qw.has(f))
    if (bad.length) warnings.push(`${where}: contains server id word "${w}" as ${bad.join(', ')}`)
  }
  perServer.set(hit.server.id, (perServer.get(hit.server.id) ?? 0) + 1)
  distinct.add(q.expected)
}

if (queries.length < MIN_QUERIES)
  errors.push(`${queries.length} queries (want at least ${MIN_QUERIES})`)
if (distinct.size < MIN_DISTINCT_TOOLS)
  errors.push(`${distinct.size} distinct expected tools (want at least ${MIN_DISTINCT_TOOLS})`)
if (perServer.size < MIN_SERVERS)
  errors.push(`${perServer.size} servers (want at least ${MIN_SERVERS})`)
for (const [id, n] of perServer) {
  if (n > MAX_SERVER_SHARE * queries.length)
    errors.push(
      `server ${id} has ${n} of ${queries.length} queries (over ${MAX_SERVER_SHARE * 100}%)`,
    )
}

for (const w of warnings) console.warn(`warning: ${w}`)
const summary = [...perServer]
  .sort((a, b) => b[1] - a[1])
  .map(([id, n]) => `${id} ${n}`)
  .join(', ')
console.log(
  `${queries.length} queries, ${distinct.size} distinct expected tools, ${perServer.size} servers of ${catalogue.servers.length}, ${tools.size} tools in the catalogue`,
)
console.log(`per server: ${summary}`)
if (errors.length) {
  for (const e of errors) console.error(`error: ${e}`)
  console.error(`${errors.length} problem(s)`)
  process.exit(1)
}
console.log('ok')
