import type { ContentBlock } from '@toolpipe/core'
import { defineTool } from '@toolpipe/tools'
import type { ToolDefinition } from '@toolpipe/tools'

const text = (value: string): ContentBlock => ({ type: 'text', text: value })

/** A read tool: a generic card with a location, and the raw content as its result. */
export const readFile: ToolDefinition = defineTool({
  name: 'read_file',
  description: 'Read a text file.',
  parameters: { path: { type: 'string', required: true } },
  async execute({ path }) {
    return [text(`contents of ${path}`)]
  },
  presentCall: ({ path }) => ({
    card: 'generic',
    title: path,
    kind: 'read',
    locations: [{ path, line: 1 }],
  }),
})

/** An edit tool: a diff card before and after. */
export const editFile: ToolDefinition = defineTool({
  name: 'edit_file',
  description: 'Replace a file’s text.',
  parameters: {
    path: { type: 'string', required: true },
    oldText: { type: 'string', required: true },
    newText: { type: 'string', required: true },
  },
  async execute({ path }) {
    return [text(`edited ${path}`)]
  },
  presentCall: ({ path, oldText, newText }) => ({
    card: 'diff',
    title: path,
    diffs: [{ path, oldText, newText }],
  }),
  presentResult: ({ path, oldText, newText }, result) =>
    result.isError ? undefined : { card: 'diff', diffs: [{ path, oldText, newText }] },
})

/** A shell tool: a terminal card, with the exit code its execute puts in `meta`. */
export const shell: ToolDefinition = defineTool({
  name: 'shell',
  description: 'Run a shell command.',
  parameters: {
    command: { type: 'string', required: true },
    cwd: { type: 'string' },
    description: { type: 'string' },
  },
  async execute({ command }) {
    const exitCode = command.startsWith('false') ? 1 : 0
    return { content: [text(`$ ${command}\n(output)\n`)], meta: { exitCode } }
  },
  presentCall: ({ command, cwd, description }) => ({
    card: 'terminal',
    title: command,
    ...(cwd === undefined ? {} : { cwd }),
    ...(description === undefined ? {} : { description }),
  }),
  presentResult: (_args, result) => {
    const output = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
    const { exitCode } = (result.meta ?? {}) as { exitCode?: unknown }
    return { card: 'terminal', output, ...(typeof exitCode === 'number' ? { exitCode } : {}) }
  },
})

/** A tool whose presenters are broken plugin code. */
export const brokenPresenter: ToolDefinition = defineTool({
  name: 'broken',
  description: 'Works, but cannot present itself.',
  parameters: {},
  async execute() {
    return [text('broken ran')]
  },
  presentCall: () => {
    throw new Error('presenter bug')
  },
  presentResult: () => ({ card: 'terminal', exitcode: 1 }) as never,
})
