const identifier = /^[A-Za-z_$][\w$]*$/

/**
 * Writes a JSON path the way every toolpipe message does: `.key` for identifier keys,
 * `["odd key"]` otherwise, `[i]` for array indexes, after `root`.
 *
 * @param path - the keys and indexes from the root to the place
 * @param root - what the path starts with: `$` (the default), or `''` for a bare `edits[3].path`
 * @example
 * formatJsonPath(['a', 2, 'odd key']) // '$.a[2]["odd key"]'
 * formatJsonPath(['edits', 3, 'path'], '') // 'edits[3].path'
 */
export function formatJsonPath(path: readonly (string | number)[], root = '$'): string {
  let text = root
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`
    else if (identifier.test(segment)) text += text === '' ? segment : `.${segment}`
    else text += `[${JSON.stringify(segment)}]`
  }
  return text
}
