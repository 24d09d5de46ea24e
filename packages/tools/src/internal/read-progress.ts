import type { ToolProgress } from '../tool-progress.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { describeValue } from './checks.js'
import { checkContent, coreOnly } from './content-mistake.js'
import { blockPlace } from './content-place.js'
import { copyJson, notJson } from './copy-json.js'
import { readMembers } from './read-members.js'

type Mutable<TObject> = { -readonly [TKey in keyof TObject]: TObject[TKey] }

/**
 * Reads a progress update a tool reported, each member once, into a fresh deep-frozen copy of the
 * members that were given: `progress` and `total` finite numbers, `message` a string, `content`
 * content blocks (as JSON). Other members are ignored.
 *
 * @throws `ToolPipelineError` (`INVALID_PROGRESS`) naming what is wrong
 */
export function readProgress(
  toolName: string,
  update: unknown,
  contentTypes: ReadonlySet<string> = coreOnly,
): ToolProgress {
  const members = readMembers(
    update,
    ['progress', 'total', 'message', 'content'],
    `the progress update of tool "${toolName}"`,
  )
  if (members === undefined) throw invalid(toolName, `is ${describeValue(update)}, not an object`)
  const { progress, total, message, content } = members
  const copy: Mutable<ToolProgress> = {}
  for (const [key, value] of [
    ['progress', progress],
    ['total', total],
  ] as const) {
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw invalid(toolName, `has ${key} ${describeValue(value)}; expected a finite number`)
    }
    copy[key] = value
  }
  if (message !== undefined) {
    if (typeof message !== 'string') {
      throw invalid(toolName, `has message ${describeValue(message)}; expected a string`)
    }
    copy.message = message
  }
  if (content !== undefined) {
    const blocks = copyJson(content)
    if (blocks === notJson || !Array.isArray(blocks)) {
      throw invalid(toolName, `has content ${describeValue(content)}; expected content blocks`)
    }
    checkContent(blocks, contentTypes, ({ path, problem }) =>
      invalid(toolName, `has a malformed content block at ${blockPlace(path)}: ${problem}`),
    )
    copy.content = blocks
  }
  return Object.freeze(copy)
}

function invalid(toolName: string, problem: string): ToolPipelineError {
  return new ToolPipelineError(
    `the progress update of tool "${toolName}" ${problem}`,
    'INVALID_PROGRESS',
  )
}
