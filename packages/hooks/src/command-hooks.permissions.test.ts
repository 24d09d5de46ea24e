import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { permissions } from '@toolpipe/permissions'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { answers, harness, Project } from './__fixtures__/hook-harness.js'

// SPEC §19 "With §18": register permissions() before commandHooks(). The permissions listener is
// then the outer one: it takes the hooks' decision from next(), checks its rules against the
// hooks' edited arguments, and returns the stricter of the two — Claude Code's order (hooks
// first, then the rules on the hook's input; https://code.claude.com/docs/en/hooks, "PreToolUse
// decision control": a hook's `allow` does not bypass deny or ask rules). Real rules from a real
// settings file, real hook processes.

let project: Project
beforeEach(() => {
  project = new Project()
})
afterEach(() => {
  project.remove()
})

/**
 * The harness's registry with `permissions()` from the project's `.claude/settings.json`
 * registered first (`before`), then `commandHooks()` reading the same file's one PreToolUse hook.
 */
function setup(
  rules: { allow?: string[]; ask?: string[]; deny?: string[] },
  hook: string,
  matcher = 'Bash',
) {
  mkdirSync(join(project.root, '.claude'), { recursive: true })
  writeFileSync(
    join(project.root, '.claude', 'settings.json'),
    JSON.stringify({
      permissions: rules,
      hooks: { PreToolUse: [{ matcher, hooks: [{ type: 'command', command: hook }] }] },
    }),
  )
  const sources = [{ kind: 'project' as const, path: '.claude/settings.json' }]
  const { call, ran, approvals, decisions } = harness(
    { sources },
    {
      projectRoot: project.root,
      before: (registry) => {
        registry.use(permissions({ projectRoot: project.root, sources }))
      },
    },
  )
  return { call: (command: string) => call({ command }), ran, approvals, decisions }
}

const allow = answers({
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' },
})
const rewriteTo = (command: string) =>
  answers({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      updatedInput: { command },
    },
  })

describe('permissions() registered before commandHooks()', () => {
  it('a hook’s allow never overrides a rule’s deny, nor skips a rule’s ask', async () => {
    const { call, ran, approvals, decisions } = setup(
      { deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] },
      allow,
    )
    const denied = await call('rm -rf build')
    expect(denied.error).toEqual({ name: 'ToolDeniedError', code: 'POLICY_DENIED' })
    expect(ran).toEqual([])
    // The hook ran first (inner, asked through next()), then the rule decided.
    expect(
      decisions.slice(0, 2).map(({ decision: { stage, outcome } }) => [stage, outcome]),
    ).toEqual([
      ['hook', 'allow'],
      ['rule', 'deny'],
    ])

    await call('git push origin main')
    expect(approvals).toHaveLength(1)
    expect(ran).toEqual([{ tool: 'Bash', args: { command: 'git push origin main' } }])
  })

  // SPEC §19: "returns the stricter of the two decisions". With no rule for the call, the
  // default mode's decision is ask, and the stricter of that and the hook's allow is the ask. In
  // Claude Code a hook's allow skips that prompt; here it does not (the README's "Where this
  // differs" says so): a hook is one more vote, not a bypass.
  it('a hook’s allow does not skip the default mode’s ask when no rule matches', async () => {
    const { call, ran, approvals, decisions } = setup({ allow: ['Bash(ls *)'] }, allow)
    await call('cat notes.txt')
    expect(approvals.map((request) => request.reason)).toEqual(['no rule matched, default mode'])
    expect(decisions.map(({ decision: { stage, outcome } }) => [stage, outcome])).toEqual([
      ['hook', 'allow'],
      ['rule', 'ask'],
      ['policy', 'ask'],
      ['approval', 'allow'],
    ])
    expect(ran).toEqual([{ tool: 'Bash', args: { command: 'cat notes.txt' } }])
  })

  it('the rules are checked against the hook’s edited arguments', async () => {
    // `ls` is allowed, `rm` denied: the hook rewrites an allowed command into a denied one.
    const { call, ran } = setup(
      { allow: ['Bash(ls *)'], deny: ['Bash(rm *)'] },
      rewriteTo('rm -rf /'),
    )
    const result = await call('ls')
    expect(result.error).toEqual({ name: 'ToolDeniedError', code: 'POLICY_DENIED' })
    expect(ran).toEqual([])
  })

  it('an edit the rules allow runs as edited, without asking', async () => {
    // `cat .env` matches no rule (default mode: ask); the hook rewrites it to an allowed `ls`.
    const { call, ran, approvals } = setup({ allow: ['Bash(ls *)'] }, rewriteTo('ls -la'))
    const result = await call('cat .env')
    expect(result.isError).toBe(false)
    expect(approvals).toEqual([])
    expect(ran).toEqual([{ tool: 'Bash', args: { command: 'ls -la' } }])
  })

  it('a hook’s ask stands over a rule’s allow; a hook’s deny over anything', async () => {
    const asking = setup(
      { allow: ['Bash(ls *)'] },
      answers({
        hookSpecificOutput: {
          permissionDecision: 'ask',
          permissionDecisionReason: 'the hook wants a look',
        },
      }),
    )
    await asking.call('ls')
    expect(asking.approvals.map((request) => request.reason)).toEqual(['the hook wants a look'])
    expect(asking.ran).toEqual([{ tool: 'Bash', args: { command: 'ls' } }])

    project.remove()
    project = new Project()
    const denying = setup({ allow: ['Bash(ls *)'] }, 'cat >/dev/null; echo "not now" >&2; exit 2')
    const result = await denying.call('ls')
    expect(result.error).toEqual({ name: 'ToolDeniedError', code: 'HOOK_DENIED' })
    expect(result.content).toEqual([{ type: 'text', text: 'Error: not now' }])
    expect(denying.ran).toEqual([])
  })

  it('with no hook for the call, the rules decide in the call’s own stack', async () => {
    // The hooks' listener passes the rest of the chain's promise on when no hook matches, so the
    // permissions listener learns the default allow at once (`settledDecision`) and decides then.
    const { call, ran, decisions } = setup({ allow: ['Bash(ls *)'] }, allow, 'Write')
    expect((await call('ls')).isError).toBe(false)
    decisions.length = 0
    const running = call('ls -la')
    expect(decisions.map(({ decision: { stage, outcome } }) => [stage, outcome])).toEqual([
      ['rule', 'allow'],
    ])
    expect((await running).isError).toBe(false)
    expect(ran.map(({ args }) => args)).toEqual([{ command: 'ls' }, { command: 'ls -la' }])
  })
})
