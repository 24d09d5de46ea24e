import type { ToolCall, ToolCallContent, ToolCallLocation } from '@agentclientprotocol/sdk'
import { snapshotJson } from '@toolpipe/core'
import type { FileDiff, FileLocation, ToolCallView } from '@toolpipe/presentation'
import type { SessionPaths } from './session-paths.js'
import { textItem, toAcpContent } from './to-acp-content.js'

/** What maps one pending card: the call's identity and the session it is shown in. */
export interface CallMapping {
  readonly toolCallId: string
  readonly paths: SessionPaths
  readonly terminalOutput: boolean
  readonly toolName: string | undefined
}

/** The title ACP shows when the card has none (or is the fallback of an invalid one). */
export const untitledCall = 'Tool call'

// ACP writes a location's line as a uint32.
const maxLine = 0xffff_ffff

/**
 * The ACP `ToolCall` of a checked pending card, status `pending`. The caller adds
 * `sessionUpdate` (a `tool_call` update) or sends it as is (a permission request's `toolCall`).
 */
export function callFields(view: ToolCallView, mapping: CallMapping): ToolCall {
  const { paths } = mapping
  const call: ToolCall = {
    toolCallId: mapping.toolCallId,
    title: callTitle(view, mapping),
    kind:
      view.card === 'generic' ? (view.kind ?? 'other') : view.card === 'diff' ? 'edit' : 'execute',
    status: 'pending',
  }
  if (mapping.toolName !== undefined && mapping.toolName !== '') call.name = mapping.toolName
  let content: ToolCallContent[]
  switch (view.card) {
    case 'generic':
      content = toAcpContent(view.content ?? [])
      if (view.rawInput !== undefined) call.rawInput = snapshotJson(view.rawInput)
      break
    case 'diff':
      content = view.diffs.map((diff) => diffItem(diff, paths))
      break
    case 'terminal': {
      content = []
      if (view.description !== undefined && view.description !== '') {
        content.push(textItem(view.description))
      }
      const workingDirectory = paths.resolve(view.cwd ?? '.')
      if (workingDirectory !== paths.cwd) {
        content.push(textItem(`Working directory: ${paths.relativeTitle(workingDirectory)}`))
      }
      if (mapping.terminalOutput) {
        content.push({ type: 'terminal', terminalId: mapping.toolCallId })
        call._meta = {
          terminal_info: { terminal_id: mapping.toolCallId, cwd: workingDirectory },
        }
      }
      break
    }
  }
  if (content.length > 0) call.content = content
  if (view.card !== 'terminal' && view.locations !== undefined && view.locations.length > 0) {
    call.locations = view.locations.map((location) => locationItem(location, paths))
  }
  return call
}

function callTitle(view: ToolCallView, mapping: CallMapping): string {
  // A command line is shown as it runs; only file cards' titles are paths to shorten.
  const title = view.card === 'terminal' ? view.title : mapping.paths.relativeTitle(view.title)
  if (title !== '') return title
  return mapping.toolName !== undefined && mapping.toolName !== '' ? mapping.toolName : untitledCall
}

/** A file change as an ACP `diff` item, its path absolute as ACP requires. */
export function diffItem(diff: FileDiff, paths: SessionPaths): ToolCallContent {
  return {
    type: 'diff',
    path: paths.resolve(diff.path),
    oldText: diff.oldText,
    newText: diff.newText,
  }
}

function locationItem(location: FileLocation, paths: SessionPaths): ToolCallLocation {
  const item: ToolCallLocation = { path: paths.resolve(location.path) }
  if (location.line !== undefined && location.line <= maxLine) item.line = location.line
  return item
}
