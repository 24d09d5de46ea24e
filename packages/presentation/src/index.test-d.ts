import type { ContentBlock } from '@toolpipe/core'
import { describe, expectTypeOf, it } from 'vitest'
import type {
  AppliedHunksOptions,
  DiffCallView,
  DiffHunk,
  DiffResultView,
  FileDiff,
  FileLocation,
  GenericCallView,
  GenericResultView,
  PresentableTool,
  TerminalCallView,
  TerminalResultView,
  ToolCallKind,
  ToolCallView,
  ToolResult,
  ToolResultView,
  ViewIssue,
} from './index.js'
import {
  appliedHunks,
  checkToolCallView,
  checkToolResultView,
  isToolCallView,
  isToolResultView,
  presentCallSafely,
  presentResultSafely,
  renderCardHtml,
  cardStylesheet,
  CardHtmlError,
} from './index.js'
import type { RenderCardHtmlOptions } from './index.js'

describe('ToolCallView', () => {
  it('narrows on card to each member and its fields', () => {
    const narrow = (view: ToolCallView) => {
      if (view.card === 'generic') {
        expectTypeOf(view).toEqualTypeOf<GenericCallView>()
        expectTypeOf(view.title).toEqualTypeOf<string>()
        expectTypeOf(view.kind).toEqualTypeOf<ToolCallKind | undefined>()
        expectTypeOf(view.rawInput).toEqualTypeOf<unknown>()
        expectTypeOf(view.content).toEqualTypeOf<ContentBlock[] | undefined>()
        expectTypeOf(view.locations).toEqualTypeOf<FileLocation[] | undefined>()
      } else if (view.card === 'terminal') {
        expectTypeOf(view).toEqualTypeOf<TerminalCallView>()
        expectTypeOf(view.description).toEqualTypeOf<string | undefined>()
        expectTypeOf(view.cwd).toEqualTypeOf<string | undefined>()
      } else {
        expectTypeOf(view).toEqualTypeOf<DiffCallView>()
        expectTypeOf(view.diffs).toEqualTypeOf<FileDiff[]>()
        expectTypeOf(view.locations).toEqualTypeOf<FileLocation[] | undefined>()
      }
    }
    expectTypeOf(narrow).toBeFunction()
    expectTypeOf<ToolCallView['card']>().toEqualTypeOf<'generic' | 'terminal' | 'diff'>()
    expectTypeOf<ToolCallKind>().toEqualTypeOf<
      'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'fetch' | 'other'
    >()
  })

  it('refuses missing and wrong fields', () => {
    // @ts-expect-error: a diff card needs its diffs
    const noDiffs: ToolCallView = { card: 'diff', title: 'edit' }
    // @ts-expect-error: a terminal card has no diffs
    const terminalDiffs: ToolCallView = { card: 'terminal', title: 'ls', diffs: [] }
    // @ts-expect-error: every pending card has a title
    const untitled: ToolCallView = { card: 'terminal' }
    // @ts-expect-error: not a kind
    const badKind: ToolCallView = { card: 'generic', title: 't', kind: 'write' }
    // @ts-expect-error: not a card
    const badCard: ToolCallView = { card: 'table', title: 't' }
    // @ts-expect-error: a line is a number
    const badLine: FileLocation = { path: 'a', line: '3' }
    // @ts-expect-error: oldText is a string or null, never absent
    const noOldText: FileDiff = { path: 'a', newText: '' }
    // @ts-expect-error: content blocks only
    const badContent: ToolCallView = { card: 'generic', title: 't', content: ['text'] }
    expectTypeOf([noDiffs, terminalDiffs, untitled, badKind, badCard, badContent]).toEqualTypeOf<
      ToolCallView[]
    >()
    expectTypeOf([badLine]).toEqualTypeOf<FileLocation[]>()
    expectTypeOf([noOldText]).toEqualTypeOf<FileDiff[]>()
  })
})

describe('ToolResultView', () => {
  it('narrows on card to each member and its fields', () => {
    const narrow = (view: ToolResultView) => {
      if (view.card === 'generic') {
        expectTypeOf(view).toEqualTypeOf<GenericResultView>()
        expectTypeOf(view.title).toEqualTypeOf<string | undefined>()
        expectTypeOf(view.content).toEqualTypeOf<ContentBlock[] | undefined>()
      } else if (view.card === 'terminal') {
        expectTypeOf(view).toEqualTypeOf<TerminalResultView>()
        expectTypeOf(view.output).toEqualTypeOf<string | undefined>()
        expectTypeOf(view.exitCode).toEqualTypeOf<number | undefined>()
        expectTypeOf(view.signal).toEqualTypeOf<string | undefined>()
      } else {
        expectTypeOf(view).toEqualTypeOf<DiffResultView>()
        expectTypeOf(view.diffs).toEqualTypeOf<FileDiff[]>()
      }
    }
    expectTypeOf(narrow).toBeFunction()
  })

  it('refuses exitCode and signal together, and wrong fields', () => {
    const exited: ToolResultView = { card: 'terminal', output: 'ok', exitCode: 0 }
    const killed: ToolResultView = { card: 'terminal', signal: 'SIGTERM' }
    // @ts-expect-error: a process either exits or is killed
    const both: ToolResultView = { card: 'terminal', exitCode: 1, signal: 'SIGKILL' }
    // @ts-expect-error: the same through the member type
    const bothTerminal: TerminalResultView = { card: 'terminal', exitCode: 1, signal: 'SIGKILL' }
    // @ts-expect-error: an exit code is a number
    const stringCode: ToolResultView = { card: 'terminal', exitCode: '0' }
    // @ts-expect-error: a typo is not a member
    const typo: ToolResultView = { card: 'terminal', exitcode: 0 }
    // @ts-expect-error: result cards have no kind
    const kind: ToolResultView = { card: 'generic', kind: 'read' }
    // @ts-expect-error: a diff result needs its diffs
    const noDiffs: ToolResultView = { card: 'diff' }
    expectTypeOf([exited, killed, both, stringCode, typo, kind, noDiffs]).toEqualTypeOf<
      ToolResultView[]
    >()
    expectTypeOf(bothTerminal).toEqualTypeOf<TerminalResultView>()
  })
})

describe('PresentableTool and the safe presenters', () => {
  it('accepts a ToolDefinition shaped as @toolpipe/tools declares it', () => {
    interface ToolDefinitionLike {
      name: string
      description: string
      parameters: { type: 'object'; properties: Record<string, unknown> }
      execute(args: unknown): Promise<ContentBlock[]>
      timeoutMs?: number | undefined
      presentCall?(args: unknown): ToolCallView | undefined
      presentResult?(args: unknown, result: ToolResult): ToolResultView | undefined
    }
    expectTypeOf<ToolDefinitionLike>().toExtend<PresentableTool>()
    expectTypeOf<{ name: string }>().toExtend<PresentableTool>()
    expectTypeOf<{ title: string }>().not.toExtend<PresentableTool>()
    expectTypeOf<{
      name: string
      presentCall(args: unknown): string
    }>().not.toExtend<PresentableTool>()
  })

  it('returns the unions, with no any', () => {
    expectTypeOf(presentCallSafely).parameters.toEqualTypeOf<[PresentableTool, unknown]>()
    expectTypeOf(presentCallSafely).returns.toEqualTypeOf<ToolCallView>()
    expectTypeOf(presentResultSafely).parameters.toEqualTypeOf<
      [PresentableTool, unknown, ToolResult]
    >()
    expectTypeOf(presentResultSafely).returns.toEqualTypeOf<ToolResultView>()
    expectTypeOf<ToolResult>().toEqualTypeOf<{
      content: ContentBlock[]
      isError: boolean
      meta?: unknown
    }>()
  })

  it('narrows unknown with the guards', () => {
    const value: unknown = JSON.parse('{}')
    if (isToolCallView(value)) expectTypeOf(value).toEqualTypeOf<ToolCallView>()
    if (isToolResultView(value)) expectTypeOf(value).toEqualTypeOf<ToolResultView>()
    expectTypeOf(checkToolCallView).returns.toEqualTypeOf<ViewIssue[]>()
    expectTypeOf(checkToolResultView).returns.toEqualTypeOf<ViewIssue[]>()
  })

  it('types issues as a union on code', () => {
    const describe = (issue: ViewIssue) => {
      expectTypeOf(issue.path).toEqualTypeOf<readonly (string | number)[]>()
      if (issue.code === 'invalid_type') expectTypeOf(issue.received).toEqualTypeOf<string>()
      if (issue.code === 'not_object') expectTypeOf(issue.expected).toEqualTypeOf<'object'>()
      // @ts-expect-error: a missing member has no received value
      if (issue.code === 'missing') expectTypeOf(issue.received).toBeString()
    }
    expectTypeOf(describe).toBeFunction()
  })
})

describe('appliedHunks', () => {
  it('takes a diff card pair and returns hunks', () => {
    expectTypeOf(appliedHunks).parameters.toEqualTypeOf<
      [string | null, string, (AppliedHunksOptions | undefined)?]
    >()
    expectTypeOf(appliedHunks).returns.toEqualTypeOf<DiffHunk[]>()
    expectTypeOf<DiffHunk['noNewlineAtEnd']>().toEqualTypeOf<
      { old: boolean; new: boolean } | undefined
    >()
    const diff: FileDiff = { path: 'a', oldText: null, newText: 'x' }
    expectTypeOf(appliedHunks(diff.oldText, diff.newText, { context: 1 })).toEqualTypeOf<
      DiffHunk[]
    >()
    // @ts-expect-error: context is a number
    appliedHunks('a', 'b', { context: '3' })
    // @ts-expect-error: newText cannot be null
    appliedHunks('a', null)
  })
})

describe('renderCardHtml', () => {
  it('takes a pending or completed card and options, and returns HTML text', () => {
    expectTypeOf(renderCardHtml).parameters.toEqualTypeOf<
      [ToolCallView | ToolResultView, (RenderCardHtmlOptions | undefined)?]
    >()
    expectTypeOf(renderCardHtml).returns.toEqualTypeOf<string>()
    expectTypeOf(cardStylesheet).toEqualTypeOf<string>()
    expectTypeOf<RenderCardHtmlOptions['state']>().toEqualTypeOf<
      'pending' | 'completed' | undefined
    >()
    expectTypeOf<RenderCardHtmlOptions['diffLayout']>().toEqualTypeOf<
      'unified' | 'split' | undefined
    >()
    expectTypeOf<RenderCardHtmlOptions['pending']>().toEqualTypeOf<ToolCallView | undefined>()
    renderCardHtml({ card: 'terminal', output: 'x', exitCode: 0 }, { state: 'completed' })
    // @ts-expect-error: a layout is unified or split
    renderCardHtml({ card: 'terminal', title: 'x' }, { diffLayout: 'side-by-side' })
    // @ts-expect-error: the pending option is a pending card
    renderCardHtml({ card: 'generic' }, { pending: { card: 'terminal' } })
    // @ts-expect-error: exitCode and signal exclude each other
    renderCardHtml({ card: 'terminal', exitCode: 1, signal: 'SIGTERM' })
    // @ts-expect-error: a view is required
    renderCardHtml()
  })

  it('throws a CardHtmlError with the code and issues as data', () => {
    const error = new CardHtmlError('the view', [])
    expectTypeOf(error.code).toEqualTypeOf<'INVALID_CARD'>()
    expectTypeOf(error.issues).toEqualTypeOf<readonly ViewIssue[]>()
    expectTypeOf(error).toExtend<Error>()
  })

  // Issue #40: an option from a possibly absent value compiles under exactOptionalPropertyTypes.
  it('takes options that may be undefined', () => {
    const error: { code: string } | undefined = undefined as { code: string } | undefined
    expectTypeOf(
      renderCardHtml({ card: 'generic' }, { errorCode: error?.code }),
    ).toEqualTypeOf<string>()
    renderCardHtml(
      { card: 'generic' },
      { isError: undefined, toolName: undefined, state: undefined },
    )
  })
})
