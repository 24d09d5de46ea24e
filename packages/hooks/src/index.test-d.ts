import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistryPlugin } from '@toolpipe/tools'
import { describe, expectTypeOf, it } from 'vitest'
import type {
  CommandHooksConfig,
  CommandHooksOptions,
  HookClock,
  HookEventName,
  HooksConfigError,
  HooksSettings,
  HookStoppedError,
} from './index.js'
import { commandHooks } from './index.js'

describe('commandHooks', () => {
  it('is a registry plugin of one optional options object, or of the deprecated two', () => {
    expectTypeOf(commandHooks()).toExtend<ToolRegistryPlugin>()
    const hooks: HooksSettings = {}
    // A function one of whose overloads is deprecated reads as deprecated where it is not called.
    /* eslint-disable @typescript-eslint/no-deprecated */
    expectTypeOf(commandHooks).toBeCallableWith({ hooks, projectRoot: '/p', dialect: 'gemini' })
    expectTypeOf(commandHooks).toBeCallableWith(undefined)
    // The deprecated form, kept working.
    expectTypeOf(commandHooks).toBeCallableWith({ hooks }, { projectRoot: '/p' })
    /* eslint-enable @typescript-eslint/no-deprecated */
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- its first argument's type
    expectTypeOf<CommandHooksConfig>().toEqualTypeOf<
      Pick<CommandHooksOptions, 'hooks' | 'sources'>
    >()
    // @ts-expect-error: in the deprecated form the hooks are the first argument's, not the second's
    commandHooks({}, { hooks })
  })

  it('takes Node’s timers, or any clock with the same two methods', () => {
    expectTypeOf({ setTimeout, clearTimeout }).toExtend<HookClock>()
    expectTypeOf<CommandHooksOptions['clock']>().toEqualTypeOf<HookClock | undefined>()
    // @ts-expect-error: a clock needs clearTimeout too
    commandHooks({ clock: { setTimeout } })
  })

  it('takes the hooks shape of a Claude Code settings file as it is written', () => {
    const settings = {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: './check.sh', timeout: 30 }] },
      ],
      PostToolUse: [{ hooks: [{ type: 'command', command: 'prettier --write' }] }],
      // Events this package does not run are allowed and left alone.
      Stop: [{ hooks: [{ type: 'command', command: 'notify' }] }],
    } as const
    expectTypeOf(settings).toExtend<HooksSettings>()
    commandHooks({ hooks: settings, sources: [{ kind: 'project', path: '.claude/settings.json' }] })
  })

  it('refuses what a hook cannot be', () => {
    // @ts-expect-error: only command hooks run
    commandHooks({ hooks: { PreToolUse: [{ hooks: [{ type: 'prompt', command: 'x' }] }] } })
    // @ts-expect-error: a hook needs its command
    commandHooks({ hooks: { PreToolUse: [{ hooks: [{ type: 'command' }] }] } })
    const stringTimeout = { type: 'command', command: 'x', timeout: '5' } as const
    // @ts-expect-error: a timeout is a number (seconds, or ms in the gemini dialect)
    commandHooks({ hooks: { PreToolUse: [{ hooks: [stringTimeout] }] } })
    // @ts-expect-error: sources are of the five kinds
    commandHooks({ sources: [{ kind: 'team', path: 'x' }] })
    // @ts-expect-error: two dialects
    commandHooks({ dialect: 'codex' })
    // @ts-expect-error: a permission mode is one of the permission modes
    commandHooks({ permissionMode: 'yolo' })
  })

  it('types its errors’ codes and the event names', () => {
    expectTypeOf<HooksConfigError['code']>().toEqualTypeOf<
      'INVALID_HOOKS_CONFIG' | 'INVALID_OPTIONS'
    >()
    expectTypeOf<HooksConfigError['issues'][number]>().toEqualTypeOf<{
      readonly path: string
      readonly message: string
    }>()
    expectTypeOf<HookStoppedError['code']>().toEqualTypeOf<'HOOK_STOPPED'>()
    expectTypeOf<HookEventName>().toEqualTypeOf<
      'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure' | 'BeforeTool' | 'AfterTool'
    >()
  })

  it('types the tools/hook-message event: observers get the message as a string', () => {
    const registry = createToolRegistry()
    registry.on('tools/hook-message', (exec, message) => {
      expectTypeOf(message).toEqualTypeOf<string>()
      expectTypeOf(exec.callId).toBeString()
    })
    // @ts-expect-error: the payload is the message, a string
    registry.notify('tools/hook-message', {} as never, 42)
  })
})
