import { formatJsonPath } from '@toolpipe/core/internal'

/**
 * The block a content mistake's path leads into, as messages name it: `content[1]` for `[1,
 * 'text']`, `content[0].content[2]` for a block inside a `tool-result` block.
 */
export function blockPlace(path: readonly (string | number)[]): string {
  let end = path.length
  while (end > 0 && typeof path[end - 1] !== 'number') end--
  return formatJsonPath(path.slice(0, end), 'content')
}
