import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ToolDefinition } from '@toolpipe/tools'
import { shellTool } from '@toolpipe/shell-tool'
import { call, recordingRegistry, scratchProjects, text } from './__fixtures__/harness.js'
import { checkPermission } from './internal/check-permission.js'
import { loadBashParser } from './internal/shell/bash-parser.js'
import type { BashParser } from './internal/shell/bash-parser.js'
import { permissions } from './permissions.js'
import type { PermissionsOptions } from './permissions-options.js'

/**
 * SPEC §26, paths as the kernel opens them, with real folders and links: a project root, working
 * directory or additional directory given through a symlink is the same folder as its target —
 * for reads in default mode, acceptEdits and rules anchored there — and `cd` moves the base of
 * later paths both where bash's logical `cd` leads and where the kernel does.
 */
const project = scratchProjects()
let parser: BashParser
beforeAll(async () => {
  parser = await loadBashParser()
})

/** A real folder holding `files`, and a link to it (in another scratch folder). */
function linkedFolder(...files: string[]): { real: string; link: string } {
  const scratch = project()
  for (const file of files) scratch.write(file, 'x')
  const link = join(project().root, 'link')
  symlinkSync(scratch.root, link)
  return { real: scratch.root, link }
}

function fileTool(name: string, kind: 'read' | 'edit'): ToolDefinition {
  return {
    name,
    description: `${kind}s a file`,
    parameters: { type: 'object' },
    annotations: { readOnly: kind === 'read' },
    permissions: {
      ruleName: name,
      subjects: (args) => [{ kind, path: (args as { p: string }).p }],
    },
    execute: () => Promise.resolve([text('done')]),
  }
}

async function explainer(options: PermissionsOptions) {
  const { registry } = recordingRegistry()
  registry.register(fileTool('reader', 'read'))
  registry.register(fileTool('editor', 'edit'))
  registry.register(shellTool([]))
  const plugin = permissions(options)
  registry.use(plugin)
  await plugin.ready
  return async (name: string, args: object) => (await plugin.explain(call(name, args))).decision
}

describe('roots given through a symlink (SPEC §26)', () => {
  it('allows reads inside the working and additional directories reached either way (default mode)', async () => {
    const root = linkedFolder('src/a.ts')
    const extra = linkedFolder('b.txt')
    const decide = await explainer({
      projectRoot: root.link,
      sources: [
        { kind: 'cli', settings: { permissions: { additionalDirectories: [extra.link] } } },
      ],
    })
    for (const p of [
      'src/a.ts',
      join(root.link, 'src/a.ts'),
      join(root.real, 'src/a.ts'),
      join(extra.link, 'b.txt'),
      join(extra.real, 'b.txt'),
    ]) {
      expect(await decide('reader', { p })).toBe('allow')
    }
    expect(await decide('reader', { p: join(project().root, 'c.txt') })).toBe('ask')
  })

  it('matches /p rules at the project root reached either way; a deny applies either way', async () => {
    const root = linkedFolder('src/a.ts', '.env')
    const rules = { allow: ['Edit(/src/**)', 'Bash(echo *)'], deny: ['Edit(/.env)'] }
    for (const [given, other] of [
      [root.link, root.real],
      [root.real, root.link],
    ] as const) {
      const decide = await explainer({
        projectRoot: given,
        sources: [{ kind: 'cli', settings: { permissions: rules } }],
      })
      for (const base of [given, other]) {
        // SPEC §18.2: an allow needs the link and its target; a link elsewhere than the root as
        // given is not under the rule, its target is.
        const allowed = base === other && given === root.real ? 'ask' : 'allow'
        expect(await decide('editor', { p: join(base, 'src/a.ts') })).toBe(allowed)
        expect(await decide('editor', { p: join(base, '.env') })).toBe('deny')
      }
      expect(await decide('editor', { p: 'src/a.ts' })).toBe('allow')
      expect(await decide('shell', { command: 'echo x > src/a.ts' })).toBe('allow')
      expect(await decide('shell', { command: `echo x > ${join(other, '.env')}` })).toBe('deny')
    }
  })

  it('accepts edits in the working directory given through a link (acceptEdits)', async () => {
    const root = linkedFolder('src/a.ts')
    const decide = await explainer({
      projectRoot: root.real,
      cwd: root.link,
      mode: 'acceptEdits',
    })
    expect(await decide('editor', { p: 'src/a.ts' })).toBe('allow')
    expect(await decide('editor', { p: join(root.real, 'src/a.ts') })).toBe('allow')
    expect(await decide('editor', { p: join(project().root, 'a.ts') })).toBe('ask')
  })
})

describe('cd through a link, then .. (SPEC §26: through links, not lexically)', () => {
  /** proj/src/escape → ../../outside/sub, beside outside/etc. */
  function escapingProject(): { proj: string; outside: string } {
    const scratch = project().root
    const proj = join(scratch, 'proj')
    mkdirSync(join(proj, 'src'), { recursive: true })
    mkdirSync(join(scratch, 'outside', 'sub'), { recursive: true })
    mkdirSync(join(scratch, 'outside', 'etc'), { recursive: true })
    symlinkSync('../../outside/sub', join(proj, 'src', 'escape'))
    return { proj, outside: join(scratch, 'outside') }
  }

  const judged = (command: string, proj: string, deny: string, mode: 'default' | 'acceptEdits') =>
    checkPermission({
      parser,
      command,
      projectRoot: proj,
      rules: { allow: ['Bash(echo:*)', 'Bash(cd:*)'], deny: deny === '' ? [] : [deny] },
      mode,
    }).decision

  it('denies writing where bash lands after cd src/escape/../etc, in every mode', () => {
    const { proj, outside } = escapingProject()
    const deny = `Edit(/${join(outside, 'etc')}/**)`
    for (const mode of ['default', 'acceptEdits'] as const) {
      for (const line of [
        'cd src/escape/../etc && echo x > passwd',
        'cd src/escape && cd ../etc && echo x > passwd',
      ]) {
        expect(judged(line, proj, deny, mode)).toBe('deny')
      }
    }
  })

  it('does not accept an edit outside the project that cd -P leads to (acceptEdits)', () => {
    const { proj, outside } = escapingProject()
    const line = 'cd -P src/escape/.. && echo x > passwd'
    expect(judged(line, proj, '', 'acceptEdits')).toBe('ask')
    expect(judged(line, proj, `Edit(/${join(outside, 'passwd')})`, 'acceptEdits')).toBe('deny')
    // Where no link is crossed, the edit stays inside and is accepted as before.
    expect(judged('cd src && echo x > out', proj, '', 'acceptEdits')).toBe('allow')
  })
})
