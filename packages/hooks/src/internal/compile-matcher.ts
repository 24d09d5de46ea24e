/** Matches every rule name. */
const everyTool = (): boolean => true

/**
 * A settings `matcher` as a test of a tool's rule name (SPEC §19): a regular expression matched
 * against the whole name, so `Bash` matches `Bash` but not `BashOutput`, and `Edit|Write` either
 * name whole; empty, `*` or absent matches every tool. Case-sensitive, as in Claude Code.
 *
 * @returns the test, or what is wrong with the matcher (it is not a regular expression)
 * @example
 * compileMatcher('Bash')('BashOutput') // false
 * compileMatcher('mcp__github__.*')('mcp__github__create_issue') // true
 */
export function compileMatcher(
  matcher: string | undefined,
): ((ruleName: string) => boolean) | string {
  if (matcher === undefined || matcher === '' || matcher === '*') return everyTool
  try {
    // Checked alone first: `a)|(b` is no expression, though wrapped below it would parse as one
    // that matches every name starting with `a`.
    new RegExp(matcher)
  } catch (error) {
    return `is not a regular expression: ${error instanceof Error ? error.message : String(error)}`
  }
  const whole = new RegExp(`^(?:${matcher})$`)
  return (ruleName) => whole.test(ruleName)
}
