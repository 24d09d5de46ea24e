import type { ToolDefinition } from 'toolpipe'
import { createEditFileTool } from './edit-file-tool.js'
import { createReadFileTool } from './read-file-tool.js'
import { createRunShellTool } from './run-shell-tool.js'
import type { ShellPlace } from './run-shell-tool.js'
import { createWaitForFileTool } from './wait-for-file-tool.js'

/**
 * The demo's tools, working in `sandbox` (`run_shell` in the OS sandbox of `shell` when it has
 * one). Creating them touches nothing on disk, so `--replay` builds them too, for their
 * presenters only.
 */
export function createDemoTools(sandbox: string, shell: ShellPlace = {}): ToolDefinition[] {
  return [
    createReadFileTool(sandbox),
    createEditFileTool(sandbox),
    createRunShellTool(sandbox, shell),
    createWaitForFileTool(sandbox),
  ]
}
