import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareSandbox, sandboxMarker } from './sandbox.js'
import { sandboxFiles } from './sandbox-files.js'
import { resolveInSandbox, resolveRealPathInSandbox } from './sandbox-path.js'

let folder: string
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'agent-loop-sandbox-'))
})
afterAll(() => rm(folder, { recursive: true, force: true }))

describe('prepareSandbox', () => {
  it('makes a fresh sandbox, and resets one it made', async () => {
    const sandbox = join(folder, 'fresh')
    await prepareSandbox(sandbox)
    await writeFile(join(sandbox, 'left-over.txt'), 'x')
    await writeFile(join(sandbox, 'greet.js'), 'changed')
    await prepareSandbox(sandbox)
    // Top-level entries: the files, and the folders of nested ones (.toolpipe/…, .claude/hooks/…).
    const topLevel = new Set(Object.keys(sandboxFiles).map((name) => name.split('/')[0] ?? name))
    expect((await readdir(sandbox)).sort()).toEqual([...topLevel, sandboxMarker].sort())
    for (const [name, text] of Object.entries(sandboxFiles)) {
      expect(await readFile(join(sandbox, name), 'utf8')).toBe(text)
    }
    expect(await readFile(join(sandbox, 'greet.js'), 'utf8')).toBe(sandboxFiles['greet.js'])
  })

  it('refuses to reset a folder it did not make', async () => {
    const precious = join(folder, 'precious')
    await mkdir(precious)
    await writeFile(join(precious, 'thesis.tex'), 'years of work')
    await expect(prepareSandbox(precious)).rejects.toMatchObject({
      code: 'SANDBOX',
      message: `refusing to reset ${precious}: it is not empty and was not made by this demo (no ${sandboxMarker} file)`,
    })
    expect(await readdir(precious)).toEqual(['thesis.tex'])
  })
})

describe('sandbox paths', () => {
  it('resolves paths inside and refuses the ways out', () => {
    expect(resolveInSandbox('/s', 'a/b.txt')).toBe('/s/a/b.txt')
    expect(resolveInSandbox('/s', 'a/../b')).toBe('/s/b')
    for (const path of ['../x', '/etc/passwd', '~/x', '', 'a/../../x', 'a\0b']) {
      expect(resolveInSandbox('/s', path), path).toBeUndefined()
    }
  })

  it('refuses a symbolic link that leads out of the sandbox', async () => {
    const sandbox = join(folder, 'linked')
    await mkdir(sandbox)
    await symlink(folder, join(sandbox, 'door'))
    await expect(resolveRealPathInSandbox(sandbox, 'door/secret.txt')).rejects.toThrow(
      'path "door/secret.txt" leads outside the sandbox',
    )
    await expect(resolveRealPathInSandbox(sandbox, 'new/file.txt')).resolves.toBe(
      join(sandbox, 'new/file.txt'),
    )
  })
})
