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
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x20 || code === 0x7f) return `a rule must not hold control characters`
  }
  const open = text.indexOf('(')
  const toolName = open < 0 ? text : text.slice(0, open).trim()
  if (toolName === '') return `"${text}" names no tool`
  const plain =
    toolName.startsWith('mcp__') && toolName.endsWith('__*') ? toolName.slice(0, -1) : toolName
  for (const char of plain) {
    if (!isNameChar(char)) return `"${text}": a tool name is letters, digits, "_", "-" and "."`
  }
  if (open < 0) {
    if (text.includes(')')) return `"${text}": a ")" without "("`
    return { text, toolName, specifier: undefined }
  }
  if (!text.endsWith(')')) return `"${text}": the specifier must end with ")"`
  const specifier = text.slice(open + 1, -1)
  if (specifier.trim() === '')
    return `"${text}": an empty specifier (write "${toolName}" for every call)`
  return { text, toolName, specifier: specifier.trim() === '*' ? undefined : specifier }
}

function isNameChar(char: string): boolean {
  return (
    (char >= 'a' && char <= 'z') ||
    (char >= 'A' && char <= 'Z') ||
    (char >= '0' && char <= '9') ||
    char === '_' ||
    char === '-' ||
    char === '.'
  )
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
