/** Text cut to its first `maxLines` lines, and how many lines were left out. */
export interface LimitedText {
  readonly text: string
  readonly more: number
}

/**
 * The first `maxLines` lines of `text` (`\n` ends a line; a final newline opens no further
 * line), and the count of the rest. Counting stops at the limit, so a huge text costs what its
 * shown part costs plus one scan for newlines.
 */
export function limitLines(text: string, maxLines: number): LimitedText {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text
  let end = -1
  for (let line = 0; line < maxLines; line += 1) {
    end = body.indexOf('\n', end + 1)
    if (end === -1) return { text: body, more: 0 }
  }
  let more = 1
  for (
    let index = body.indexOf('\n', end + 1);
    index !== -1;
    index = body.indexOf('\n', index + 1)
  ) {
    more += 1
  }
  return { text: body.slice(0, end), more }
}
