import { describe, expect, it } from 'vitest'
import { call, eventually, recordingRegistry, scratchProjects } from './__fixtures__/harness.js'
import { shellTool } from '@toolpipe/shell-tool'
import { PermissionsError } from './permissions-error.js'
import { permissions } from './permissions.js'

// SPEC §18.3: rules given in code (`{ kind: 'cli', settings }`) are a source beside the files,
// and every source's change rebuilds the rules. STYLE habit 18: options are read once, "nothing
// read later can change what was checked", and a getter that throws is refused as a bad value.

const project = scratchProjects()

describe('permissions(): rules given in code, read once (SPEC §18.3)', () => {
  it('refuses settings a getter will not give with PermissionsError INVALID_OPTIONS, naming where', () => {
    const settings = {
      get permissions(): never {
        throw new Error('boom')
      },
    }
    let refused: unknown
    try {
      permissions({ projectRoot: '/p', sources: [{ kind: 'cli', settings }] })
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(PermissionsError)
    expect(refused).toMatchObject({
      code: 'INVALID_OPTIONS',
      message: 'permissions: sources[0].settings.permissions could not be read: boom',
    })
  })

  it('rebuilds from its copy when a file changes: a getter that fails later is never read again', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', { permissions: {} })
    let reads = 0
    const settings = {
      get permissions() {
        reads++
        if (reads > 1) throw new Error(`read ${String(reads)} failed`)
        return { deny: ['Bash(rm *)'] }
      },
    }
    const { registry } = recordingRegistry()
    registry.register(shellTool([]))
    const plugin = permissions({
      projectRoot: root,
      sources: [
        { kind: 'cli', settings },
        { kind: 'project', path: '.toolpipe/settings.json' },
      ],
    })
    registry.use(plugin)
    await plugin.ready
    write('.toolpipe/settings.json', { permissions: { allow: ['Bash(ls *)'] } })
    await eventually(async () => {
      expect((await plugin.explain(call('shell', { command: 'ls' }))).decision).toBe('allow')
    })
    expect((await plugin.explain(call('shell', { command: 'rm x' }))).decision).toBe('deny')
    expect(reads).toBe(1)
  })
})
