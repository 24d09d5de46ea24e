import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { callInput } from '@toolpipe/call-inputs'
import { permissions } from '@toolpipe/permissions'
import type { PermissionsPlugin } from '@toolpipe/permissions'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolDecision, ToolExecutionResult, ToolRegistry } from '@toolpipe/tools'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { notLinux, onLinux, projectFolder, shellTool } from './__fixtures__/sandbox-fixtures.js'
import { createSandbox } from './create-sandbox.js'
import type { Sandbox } from './sandbox-options.js'

// The sandbox and the rules together (SPEC §23), as a harness wires them: the rules feed the
// sandbox's config (Claude Code's merge), and a command no rule matched that runs sandboxed is
// allowed without asking (`autoAllowBashIfSandboxed`, decision record source kind `sandbox`).
// Claude Code's reference: https://code.claude.com/docs/en/sandboxing#sandbox-modes
describe.runIf(onLinux)('the sandbox under the rules', () => {
  let project: string
  let outside: string
  let sandbox: Sandbox
  let rules: PermissionsPlugin
  let registry: ToolRegistry
  const decisions: ToolDecision[] = []
  const asked: string[] = []

  beforeAll(async () => {
    project = projectFolder()
    outside = join(dirname(project), 'cache')
    mkdirSync(outside)
    mkdirSync(join(project, '.toolpipe'))
    mkdirSync(join(project, 'secrets'))
    writeFileSync(
      join(project, '.toolpipe', 'settings.json'),
      JSON.stringify({
        permissions: {
          allow: [`Edit(/${outside}/**)`],
          ask: ['Bash(git push *)'],
          deny: ['Bash(rm *)', 'Edit(secrets/**)', 'WebFetch(domain:blocked.localhost)'],
        },
      }),
    )
    const sources = [{ kind: 'project' as const, path: '.toolpipe/settings.json' }]
    // The sandbox reads the rules from its first run on, so the plugin that takes it can follow.
    sandbox = await createSandbox({
      projectRoot: project,
      sources,
      rules: { sandboxRules: () => rules.sandboxRules() },
      logger: { warn: () => undefined },
    })
    expect(
      sandbox.reason,
      'install bubblewrap socat ripgrep to run the real sandbox',
    ).toBeUndefined()
    rules = permissions({
      projectRoot: project,
      sources,
      sandbox,
      logger: { warn: () => undefined },
    })
    registry = createToolRegistry({ logger: { warn: () => undefined } })
    registry.use(rules)
    registry.use(sandbox)
    registry.on('tools/decision', (_exec, decision) => {
      decisions.push(decision)
    })
    registry.on('tools/approval', (exec) => {
      asked.push((exec.arguments as { command: string }).command)
    })
    registry.register(shellTool(sandbox))
    await rules.ready
  })

  beforeEach(() => {
    decisions.length = 0
    asked.length = 0
  })

  afterAll(async () => {
    await sandbox.dispose()
  })

  const shell = (command: string, extra: object = {}): Promise<ToolExecutionResult> =>
    registry.execute(callInput('run_shell', { command, ...extra }))

  it('allows a command no rule matched without asking, on the record as the sandbox’s', async () => {
    const result = await shell('echo made > made.txt && cat made.txt')
    expect(result).toMatchObject({ isError: false, content: [{ type: 'text', text: '0 made\n' }] })
    expect(asked).toEqual([])
    expect(decisions).toEqual([
      {
        stage: 'rule',
        outcome: 'allow',
        source: { kind: 'sandbox', id: 'autoAllowBashIfSandboxed' },
        reason: 'allowed: no rule matched and it runs in the sandbox (autoAllowBashIfSandboxed)',
      },
    ])
  })

  it('still denies what a deny rule names', async () => {
    const result = await shell('rm -rf made.txt')
    expect(result.error).toMatchObject({ code: 'POLICY_DENIED' })
    expect(decisions[0]).toMatchObject({
      stage: 'rule',
      outcome: 'deny',
      source: { kind: 'permissions', id: 'Bash(rm *)' },
    })
  })

  it('still asks what an ask rule names (no approval service: not run)', async () => {
    const result = await shell('git push origin main')
    expect(result.isError).toBe(true)
    expect(decisions[0]).toMatchObject({
      outcome: 'ask',
      source: { kind: 'permissions', id: 'Bash(git push *)' },
    })
  })

  it('never auto-allows dangerouslyDisableSandbox', async () => {
    const result = await shell('echo out', { dangerouslyDisableSandbox: true })
    expect(result.isError).toBe(true)
    expect(decisions[0]).toMatchObject({
      outcome: 'ask',
      source: { kind: 'permissions', id: 'mode:default' },
    })
  })

  it('makes an Edit allow rule’s folder writable, and keeps an Edit deny rule’s folder read-only', async () => {
    // `cp` writes where the judge cannot see (no redirection): the sandbox is what stops it.
    const allowed = await shell(`echo warm > ${outside}/entry`)
    expect(allowed.isError).toBe(false)
    expect(readFileSync(join(outside, 'entry'), 'utf8')).toBe('warm\n')
    const denied = await shell('cp made.txt secrets/token')
    expect(decisions.at(-1)).toMatchObject({ source: { kind: 'sandbox' } })
    expect(existsSync(join(project, 'secrets', 'token'))).toBe(false)
    expect(textOf(denied)).toContain('Read-only file system')
  })

  it('denies a WebFetch-denied domain to commands too', async () => {
    const result = await shell(
      "curl -sS -m 10 --noproxy '' -o /dev/null -w '%{http_code}' http://blocked.localhost:9/",
    )
    expect(result.content).toEqual([{ type: 'text', text: '0 403' }])
  })

  it('follows a rule file that changes: the next command runs under the new rules', async () => {
    const file = join(project, '.toolpipe', 'settings.json')
    const settings = JSON.parse(readFileSync(file, 'utf8')) as { permissions: { deny: string[] } }
    // Written from outside the sandbox (a person editing it): no command could.
    settings.permissions.deny.push(`Edit(/${outside}/**)`)
    writeFileSync(file, JSON.stringify(settings))
    for (let tries = 0; tries < 300; tries++) {
      if (rules.sandboxRules().denyWrite.includes(outside)) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const result = await shell(`cp made.txt ${outside}/second`)
    expect(existsSync(join(outside, 'second'))).toBe(false)
    expect(textOf(result)).toContain('Read-only file system')
  })
})

function textOf(result: ToolExecutionResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
}

describe.runIf(onLinux)('a permissions() plugin given as the rules', () => {
  it('is read as it is: the plugin itself, and a logger that is a class instance', async () => {
    const project = projectFolder()
    const rules = permissions({
      projectRoot: project,
      sources: [{ kind: 'cli', settings: { permissions: { deny: ['Edit(/locked/**)'] } } }],
      logger: { warn: () => undefined },
    })
    class Logger {
      readonly warnings: string[] = []
      warn(message: string): void {
        this.warnings.push(message)
      }
    }
    const logger = new Logger()
    mkdirSync(join(project, 'locked'))
    const sandbox = await createSandbox({ projectRoot: project, rules, logger })
    try {
      const run = await sandbox.run('echo x > locked/file', { callId: 'call_plugin' })
      expect(run.exitCode).not.toBe(0)
      expect(existsSync(join(project, 'locked', 'file'))).toBe(false)
      expect(logger.warnings).toEqual([])
    } finally {
      await sandbox.dispose()
    }
  })
})

if (!onLinux) it.skip(`the sandbox under the rules: ${notLinux}`, () => undefined)
