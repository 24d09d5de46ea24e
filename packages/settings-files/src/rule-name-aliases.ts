/**
 * The same tools under Claude Code's names and Gemini CLI's (SPEC §26: porting works
 * unchanged), as data: rules and hook matchers written for either family match a tool whose
 * rule name is the other's. Sources: Claude Code's tools reference
 * (https://code.claude.com/docs/en/settings#tools-available-to-claude) and Gemini CLI's
 * (https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/index.md).
 */
export const ruleNameAliases: readonly (readonly [claudeCode: string, geminiCli: string])[] = [
  ['Bash', 'run_shell_command'],
  ['Read', 'read_file'],
  ['Edit', 'replace'],
  ['Write', 'write_file'],
  ['WebFetch', 'web_fetch'],
  ['Glob', 'glob'],
  ['Grep', 'search_file_content'],
  ['WebSearch', 'google_web_search'],
]

const toClaude = new Map(ruleNameAliases.map(([claude, gemini]) => [gemini, claude]))
const toGemini = new Map(ruleNameAliases.map(([claude, gemini]) => [claude, gemini]))

/** The name rules are kept under: Claude Code's, for a name either family gives the tool. */
export function canonicalRuleName(name: string): string {
  return toClaude.get(name) ?? name
}

/** A rule name as one family writes it (`run_shell_command` for `Bash` in Gemini CLI's). */
export function ruleNameIn(family: 'claude' | 'gemini', name: string): string {
  const canonical = canonicalRuleName(name)
  return family === 'claude' ? canonical : (toGemini.get(canonical) ?? canonical)
}

/** A rule name and its other family's alias, if it has one (`Bash`, `run_shell_command`). */
export function ruleNamesOf(name: string): readonly string[] {
  const claude = canonicalRuleName(name)
  const gemini = toGemini.get(claude)
  return gemini === undefined ? [name] : [claude, gemini]
}

/** Whether a name is one of either family's built-in tool names. */
export function isKnownToolName(name: string): boolean {
  return toClaude.has(name) || toGemini.has(name)
}
