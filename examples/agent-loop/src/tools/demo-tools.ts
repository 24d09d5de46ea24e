import type { ToolDefinition } from 'toolpipe'
import { createEditFileTool } from './edit-file-tool.js'
import { createReadFileTool } from './read-file-tool.js'
import { createRunShellTool } from './run-shell-tool.js'
import { createWaitForFileTool } from './wait-for-file-tool.js'

/**
 * The demo's tools, working in `sandbox`. Creating them touches nothing on disk, so `--replay`
 * builds them too, for their presenters only.
 */
export function createDemoTools(sandbox: string): ToolDefinition[] {
  return [
    createReadFileTool(sandbox),
    createEditFileTool(sandbox),
    createRunShellTool(sandbox),
    createWaitForFileTool(sandbox),
  ]
}
