import type { Agent, JsonValue } from '@toolpipe/core'
import { describe, expectTypeOf, it } from 'vitest'
import type {
  ApprovalAnswer,
  ApprovalRequest,
  Disposer,
  PreToolDecision,
  Subject,
  ToolDecision,
  ToolDefinition,
  ToolExecution,
  ToolRegistry,
  ToolRules,
} from './index.js'
import { defineTool, settledDecision } from './index.js'

/** The types SPEC §18.4, §18.5, §18.1, §19 and §20 add to the registry. */

declare const registry: ToolRegistry
declare const exec: ToolExecution

declare module './index.js' {
  interface ToolPluginEventMap {
    'typetest/message': string
  }
}

describe('pre-execute decisions (§18.4)', () => {
  it('settledDecision takes what next() gave and may not know the decision yet', () => {
    registry.on('tools/pre-execute', (_exec, next) => {
      const pending = next()
      const inner = settledDecision(pending)
      expectTypeOf(inner).toEqualTypeOf<PreToolDecision | undefined>()
      return inner ?? pending
    })
    // @ts-expect-error -- only a promise of a pre-execute decision, as next() gives
    settledDecision(Promise.resolve({ kind: 'accept' }))
  })

  it('carry edited arguments, deny codes and remember', () => {
    expectTypeOf<{ kind: 'allow'; arguments: { command: 'ls' } }>().toExtend<PreToolDecision>()
    expectTypeOf<{ kind: 'deny'; reason: 'no'; code: 'HOOK_DENIED' }>().toExtend<PreToolDecision>()
    expectTypeOf<{
      kind: 'ask'
      arguments: JsonValue
      remember: false
    }>().toExtend<PreToolDecision>()
    // @ts-expect-error: a deny needs its reason
    const missingReason: PreToolDecision = { kind: 'deny', code: 'X' }
    // @ts-expect-error: remember is a boolean
    const wordy: PreToolDecision = { kind: 'ask', remember: 'no' }
    // @ts-expect-error: edited arguments are JSON
    const notJson: PreToolDecision = { kind: 'allow', arguments: new Date() }
    expectTypeOf([missingReason, wordy, notJson]).items.toEqualTypeOf<PreToolDecision>()
  })

  it('ApprovalRequest carries the arguments; an approval answer always says remembered', () => {
    expectTypeOf<ApprovalRequest['arguments']>().toEqualTypeOf<JsonValue>()
    expectTypeOf<ApprovalAnswer['remembered']>().toEqualTypeOf<boolean>()
  })
})

describe('the decision record (§18.5)', () => {
  it('types the tools/decision observer and reportDecision', () => {
    registry.on('tools/decision', (call, decision) => {
      expectTypeOf(decision).toEqualTypeOf<ToolDecision>()
      expectTypeOf(call.arguments).toEqualTypeOf<JsonValue | undefined>()
    })
    expectTypeOf(registry.reportDecision).parameter(1).toEqualTypeOf<ToolDecision>()
    registry.reportDecision(exec, {
      stage: 'rule',
      outcome: 'deny',
      source: { kind: 'permissions' },
    })
    // @ts-expect-error: not a stage
    registry.reportDecision(exec, { stage: 'vibes', outcome: 'deny', source: { kind: 'x' } })
    // @ts-expect-error: a source has a kind
    registry.reportDecision(exec, { stage: 'rule', outcome: 'deny', source: {} })
    expectTypeOf<ToolDecision['outcome']>().toEqualTypeOf<
      'allow' | 'ask' | 'deny' | 'edit' | 'block'
    >()
  })
})

describe('plugin events (§19)', () => {
  it('are typed by declaration merging', () => {
    registry.on('typetest/message', (call, message) => {
      expectTypeOf(message).toEqualTypeOf<string>()
      expectTypeOf(call).toEqualTypeOf<Readonly<ToolExecution<JsonValue | undefined>>>()
    })
    registry.notify('typetest/message', exec, 'hello')
    // @ts-expect-error: the payload's type is the map's
    registry.notify('typetest/message', exec, 5)
    // @ts-expect-error: an event nobody declared
    registry.notify('typetest/undeclared', exec, 'x')
    // @ts-expect-error: built-in events are not notified
    registry.notify('tools/result', exec, 'x')
  })
})

describe('visibility filters (§18.2)', () => {
  it('hide takes (name, scope, definition) => boolean and returns a disposer', () => {
    const dispose = registry.hide((name, scope, definition) => {
      expectTypeOf(name).toEqualTypeOf<string>()
      expectTypeOf(scope).toEqualTypeOf<Agent | undefined>()
      expectTypeOf(definition).toEqualTypeOf<ToolDefinition>()
      return name === 'rm'
    })
    expectTypeOf(dispose).toEqualTypeOf<Disposer>()
    // @ts-expect-error: a filter answers with a boolean
    registry.hide(() => 'yes')
  })
})

describe('tool rules (§18.1) and output budgets (§20) on a definition', () => {
  it('defineTool types subjects by the tool’s arguments', () => {
    const shell = defineTool({
      name: 'run_shell',
      description: '',
      parameters: { command: { type: 'string', required: true }, cwd: { type: 'string' } },
      permissions: {
        ruleName: 'Bash',
        subjects: (args) => {
          expectTypeOf(args).toEqualTypeOf<{ command: string; cwd?: string }>()
          return [{ kind: 'command', command: args.command }]
        },
      },
      maxOutputTokens: 1000,
      execute: () => Promise.resolve([]),
    })
    expectTypeOf(shell.permissions).toEqualTypeOf<ToolRules | undefined>()
    expectTypeOf(shell.maxOutputTokens).toEqualTypeOf<number | undefined>()
    defineTool({
      name: 'x',
      description: '',
      parameters: { command: { type: 'string', required: true } },
      permissions: {
        // @ts-expect-error: not an argument of this tool
        subjects: (args) => [{ kind: 'command', command: String(args.script) }],
      },
      execute: () => Promise.resolve([]),
    })
  })

  it('a subject is a command, a read, an edit or a fetch', () => {
    expectTypeOf<Subject['kind']>().toEqualTypeOf<'command' | 'read' | 'edit' | 'fetch'>()
    // @ts-expect-error: a read names a path
    const read: Subject = { kind: 'read', url: 'x' }
    expectTypeOf(read).toEqualTypeOf<Subject>()
  })
})
