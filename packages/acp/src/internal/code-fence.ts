/**
 * `text` in a fenced Markdown code block with `info` after the opening fence. The fence is one
 * backtick longer than the longest run of backticks in `text` (three at least), so that nothing
 * in the text can close it early: tool output is untrusted and may well contain a fence.
 */
export function codeFence(text: string, info: string): string {
  let longestRun = 0
  for (const run of text.matchAll(/`+/g)) longestRun = Math.max(longestRun, run[0].length)
  const fence = '`'.repeat(Math.max(3, longestRun + 1))
  return `${fence}${info}\n${text}\n${fence}`
}
