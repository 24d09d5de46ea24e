/** A rule's text read into its tool name and specifier (SPEC §18.2). */
export interface RuleText {
  readonly text: string
  /** `Bash`, `Read`, `mcp__github__create_issue`, … */
  readonly toolName: string
  /** What is inside the parentheses; undefined for `Name` and `Name(*)`. */
  readonly specifier: string | undefined
}

/**
 * Reads `Name` or `Name(specifier)`. Returns a sentence saying what is wrong when the text is not
 * a rule: not a string, empty, a name with characters no tool name has, unbalanced parentheses,
 * an empty specifier, or a control character.
 */
export function readRuleText(value: unknown): RuleText | string {
  if (typeof value !== 'string') return `a rule must be a string, got ${typeof value}`
  const text = value.trim()
  if (text === '') return 'a rule must not be empty'
  // One pass for the control characters and the first "(" (a rule set reads every rule once).
  let open = -1
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x20 || code === 0x7f) return `a rule must not hold control characters`
    if (code === 0x28 && open < 0) open = index
  }
  const toolName = open < 0 ? text : text.slice(0, open).trim()
  if (toolName === '') return `"${text}" names no tool`
  const plain =
    toolName.startsWith('mcp__') && toolName.endsWith('__*') ? toolName.slice(0, -1) : toolName
  if (!isToolName(plain)) return `"${text}": a tool name is letters, digits, "_", "-" and "."`
  if (open < 0) {
    if (text.includes(')')) return `"${text}": a ")" without "("`
    return { text, toolName, specifier: undefined }
  }
  if (!text.endsWith(')')) return `"${text}": the specifier must end with ")"`
  const specifier = text.slice(open + 1, -1)
  const trimmed = specifier.trim()
  if (trimmed === '') return `"${text}": an empty specifier (write "${toolName}" for every call)`
  return { text, toolName, specifier: trimmed === '*' ? undefined : specifier }
}

/**
 * {@link readRuleText} in one pass for the shape nearly every rule has: `Name` or
 * `Name(specifier)` in printable ASCII without quotes or backslashes, nothing to trim around the
 * name, a specifier that is not blank or `*`. Gives where its specifier opens (the index of its
 * `(`, or -1 for a bare `Name`), and undefined for anything else, which readRuleText then reads
 * (and refuses, or reads the same way). A rule set of a thousand rules reads each at every
 * load: this reads one without making anything. What it reads needs no shell lexing (see
 * `readPlainCommandPattern`).
 */
export function plainRuleOpening(value: string): number | undefined {
  const length = value.length
  let index = 0
  // The name, up to the `(` (one table read per character: a thousand rules are read at each
  // load, and the table costs a fraction of the comparisons it replaces).
  for (; index < length; index++) {
    const code = value.charCodeAt(index)
    const kind = code < 0x80 ? plainKinds[code] : refused
    if (kind !== nameCode) {
      if (kind === opening) break
      return undefined
    }
  }
  const open = index < length ? index : -1
  // The specifier: printable ASCII without quotes and backslashes, which a command specifier's
  // lexer reads; control characters, DEL and anything beyond ASCII (other blanks that trim()
  // removes) are refused too.
  for (index++; index < length; index++) {
    const code = value.charCodeAt(index)
    if (code >= 0x80 || plainKinds[code] === refused) return undefined
  }
  if (open < 0) return length === 0 ? undefined : -1
  if (open === 0 || value.charCodeAt(length - 1) !== 0x29) return undefined
  // In printable ASCII, trim() removes spaces only: the specifier must hold something other
  // than spaces, and other than one `*` (which readRuleText reads as no specifier).
  let first = open + 1
  let last = length - 2
  while (first <= last && value.charCodeAt(first) === 0x20) first++
  while (last >= first && value.charCodeAt(last) === 0x20) last--
  if (first > last || (first === last && value.charCodeAt(first) === 0x2a)) return undefined
  return open
}

/** `mcp__server` or `mcp__server__tool` split, or undefined for any other name. */
export function readMcpName(
  name: string,
): { server: string; tool: string | undefined } | undefined {
  if (!name.startsWith('mcp__')) return undefined
  const rest = name.slice(5)
  const split = rest.indexOf('__')
  if (split < 0) return rest === '' ? undefined : { server: rest, tool: undefined }
  const server = rest.slice(0, split)
  const tool = rest.slice(split + 2)
  if (server === '') return undefined
  return { server, tool: tool === '' || tool === '*' ? undefined : tool }
}

/** Whether every character is a letter, a digit, "_", "-" or ".". */
function isToolName(name: string): boolean {
  for (let index = 0; index < name.length; index++) {
    if (!isNameCode(name.charCodeAt(index))) return false
  }
  return true
}

const refused = 0
const specifierCode = 1
const nameCode = 2
const opening = 3
/** What each ASCII character may be in a plain rule (see {@link plainRuleOpening}). */
const plainKinds = new Uint8Array(0x80)
for (let code = 0x20; code < 0x7f; code++) {
  plainKinds[code] = isNameCode(code) ? nameCode : specifierCode
}
plainKinds[0x22] = refused
plainKinds[0x27] = refused
plainKinds[0x5c] = refused
plainKinds[0x28] = opening

/** A letter, a digit, "_", "-" or ".". */
function isNameCode(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f ||
    code === 0x2d ||
    code === 0x2e
  )
}
