import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asCallId, createToolRegistry, defineTool } from 'toolpipe'
import type { ApprovalService, ToolRegistry } from 'toolpipe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { minifiedCode, minifiedLineLength } from './minified-code.js'
import { noNetworkPolicy } from './no-network-policy.js'
import { sandboxGuard } from './sandbox-guard.js'
import { redactSecrets } from '@toolpipe/redact'
import { syntaxCheck } from './syntax-check.js'

const agent = { id: 'main' }
let sandbox: string

beforeAll(async () => {
  sandbox = await mkdtemp(join(tmpdir(), 'agent-loop-policies-'))
  await writeFile(join(sandbox, 'good.js'), 'module.exports = 1\n')
  await writeFile(join(sandbox, 'bad.js'), 'module.exports = (\n')
})
afterAll(() => rm(sandbox, { recursive: true, force: true }))

/** A registry whose tools return what they are told, with the demo's policies installed. */
function registryWith(approval?: ApprovalService): ToolRegistry {
  const registry = createToolRegistry(approval === undefined ? {} : { approval })
  for (const name of ['run_shell', 'read_file', 'edit_file']) {
    registry.register(
      defineTool({
        name,
        description: name,
        parameters: {
          command: { type: 'string' },
          path: { type: 'string' },
          output: { type: 'string' },
        },
        async execute({ output = 'ran' }) {
          return [{ type: 'text', text: output }]
        },
      }),
    )
  }
  registry.use(noNetworkPolicy())
  registry.use(sandboxGuard(sandbox))
  registry.use(redactSecrets({ action: 'block' }))
  registry.use(minifiedCode(sandbox))
  registry.use(syntaxCheck(sandbox))
  return registry
}

const run = (registry: ToolRegistry, name: string, args: unknown) =>
  registry.execute({ callId: asCallId('c'), name, arguments: args, agent })

describe("the demo's policies in the pipeline", () => {
  it('denies network commands before asking anyone', async () => {
    const request = vi.fn<ApprovalService['request']>(async () => ({ kind: 'allowed-once' }))
    const result = await run(registryWith({ request }), 'run_shell', { command: 'wget http://x' })
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'Error: network access is disabled in this sandbox ("wget" would use it)',
      },
    ])
    expect(request).not.toHaveBeenCalled()
  })

  it('guards paths, the protected test, rm and commands that leave the sandbox, even when approved', async () => {
    const registry = registryWith({ request: async () => ({ kind: 'allowed-once' }) })
    const reason = async (name: string, args: unknown) =>
      (await run(registry, name, args)).content.map((block) =>
        block.type === 'text' ? block.text : '',
      )
    expect(await reason('read_file', { path: '/etc/passwd' })).toEqual([
      'Error: path "/etc/passwd" is outside the sandbox',
    ])
    expect(await reason('edit_file', { path: './test.js' })).toEqual([
      'Error: test.js is protected: fix the code, not the test',
    ])
    expect(await reason('read_file', { path: 'test.js' })).toEqual(['ran'])
    expect(await reason('run_shell', { command: 'rm -rf .' })).toEqual([
      'Error: rm is not allowed here: this agent may not delete files',
    ])
    expect(await reason('run_shell', { command: 'cat ../../x' })).toEqual([
      'Error: the command reaches outside the sandbox ("../../x")',
    ])
  })

  it('withholds a result that holds a secret (@toolpipe/redact), naming the rule and line only', async () => {
    const registry = registryWith()
    const token = 'ghp_0123456789abcdefghijABCDEFGHIJ012345'
    const result = await run(registry, 'read_file', {
      path: 'x',
      output: `user=me\nGITHUB_TOKEN=${token}\n`,
    })
    expect(result.error).toEqual({ name: 'SecretBlockedError', code: 'SECRET_BLOCKED' })
    expect(JSON.stringify(result)).not.toContain(token)
    expect(result.content[0]).toMatchObject({
      text: expect.stringContaining('rule "github", line 2 of content[0].text') as unknown,
    })
    expect((await run(registry, 'read_file', { path: 'x', output: 'sk-short' })).isError).toBe(
      false,
    )
  })

  it('attaches the syntax check of an edited .js file as additionalContext', async () => {
    const registry = registryWith()
    expect((await run(registry, 'edit_file', { path: 'good.js' })).additionalContext).toEqual({
      source: { kind: 'plugin', plugin: 'syntax-check' },
      content: [
        { type: 'text', text: 'After your edit, `node --check good.js` passed: no syntax errors.' },
      ],
    })
    const failed = await run(registry, 'edit_file', { path: 'bad.js' })
    const [block] = failed.additionalContext?.content ?? []
    expect(block?.type === 'text' ? block.text : '').toMatch(
      /^After your edit, `node --check bad.js` failed:\n/,
    )
    expect(JSON.stringify(failed)).not.toContain(sandbox)
    expect(
      (await run(registry, 'edit_file', { path: 'notes.md' })).additionalContext,
    ).toBeUndefined()
  })

  it('blocks a read of minified code with feedback naming its source (SPEC §8: a post-execute block)', async () => {
    const registry = registryWith()
    const minified = `/*! built */\n${'x'.repeat(minifiedLineLength + 1)}\n`
    const bundle = await run(registry, 'read_file', { path: 'dist/good.min.js', output: minified })
    expect(bundle).toEqual({
      content: [
        {
          type: 'text',
          text: `Blocked by the minified-code policy: dist/good.min.js is minified (line 2 is 501 characters long), code a build generated. It would fill your context and tell you little, and an edit to it is lost at the next build. Read good.js, the source it is built from, instead; the build makes dist/good.min.js from it.`,
        },
      ],
      isError: true,
      error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
    })
    // No source in the sandbox to name: the feedback still says what to do.
    expect(
      (await run(registry, 'read_file', { path: 'vendor.js', output: minified })).content,
    ).toEqual([
      {
        type: 'text',
        text: expect.stringMatching(/\. Read the source it is built from instead\.$/) as unknown,
      },
    ])
    // A long line in a log is not code; a line of 500 characters is not minified.
    for (const args of [
      { path: 'server.log', output: minified },
      { path: 'good.js', output: 'y'.repeat(minifiedLineLength) },
    ]) {
      expect((await run(registry, 'read_file', args)).isError, args.path).toBe(false)
    }
  })
})
