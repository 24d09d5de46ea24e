/**
 * What `checkArgs(readFileSpec, { limit: '5' })` finds: the missing `path` and a `limit` that is
 * not a number, in declaration order. For the tests of whatever carries issues (`ToolArgsError`,
 * a hand-written `checkArgs`, the pipeline's error result).
 */
export const readFileIssues = [
  {
    code: 'missing',
    path: ['path'],
    message: 'missing required property "path"',
    expected: 'string',
  },
  {
    code: 'invalid_type',
    path: ['limit'],
    message: '"limit" must be a number, got string',
    expected: 'number',
    received: 'string',
  },
] as const
