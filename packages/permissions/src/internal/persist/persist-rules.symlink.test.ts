import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { appendRules } from './persist-rules.js'

// SPEC §26: a symlinked settings file is written through its link — the target is replaced
// atomically in its own folder, and the link stays a link.

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})
function scratch(): string {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-symlink-')))
  folders.push(folder)
  return folder
}

function allowList(path: string): unknown {
  return (JSON.parse(readFileSync(path, 'utf8')) as { permissions: { allow: unknown } }).permissions
    .allow
}

describe('appendRules through a symlink', () => {
  it('writes the target in its own folder and leaves the link a link', async () => {
    const root = scratch()
    mkdirSync(join(root, 'team'))
    mkdirSync(join(root, 'project'))
    const target = join(root, 'team', 'settings.json')
    writeFileSync(target, '{\n    "model": "x"\n}\n')
    const link = join(root, 'project', 'settings.local.json')
    symlinkSync('../team/settings.json', link)

    expect(await appendRules(link, 'allow', ['Read'])).toEqual(['Read'])
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readlinkSync(link)).toBe('../team/settings.json')
    expect(readFileSync(target, 'utf8')).toBe(
      '{\n    "model": "x",\n    "permissions": {\n        "allow": [\n            "Read"\n        ]\n    }\n}\n',
    )
    expect(readdirSync(join(root, 'project'))).toEqual(['settings.local.json'])
    expect(readdirSync(join(root, 'team'))).toEqual(['settings.json'])
  })

  it('creates the target of a dangling link, folder included', async () => {
    const root = scratch()
    const link = join(root, 'settings.local.json')
    symlinkSync(join(root, 'elsewhere', 'settings.json'), link)
    await appendRules(link, 'deny', ['Bash(rm *)'])
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    const written: unknown = JSON.parse(
      readFileSync(join(root, 'elsewhere', 'settings.json'), 'utf8'),
    )
    expect(written).toEqual({ permissions: { deny: ['Bash(rm *)'] } })
  })

  it('follows a chain of links, each relative to the folder its link really is in', async () => {
    const root = scratch()
    // project/.toolpipe is itself a link to conf/inner: "../final.json" there means conf/final.json,
    // as the kernel reads it, not project/final.json.
    mkdirSync(join(root, 'conf', 'inner'), { recursive: true })
    mkdirSync(join(root, 'project'))
    symlinkSync(join(root, 'conf', 'inner'), join(root, 'project', '.toolpipe'))
    symlinkSync('middle.json', join(root, 'conf', 'inner', 'settings.local.json'))
    symlinkSync('../final.json', join(root, 'conf', 'inner', 'middle.json'))
    writeFileSync(join(root, 'conf', 'final.json'), '{}\n')

    await appendRules(join(root, 'project', '.toolpipe', 'settings.local.json'), 'allow', ['Read'])
    expect(allowList(join(root, 'conf', 'final.json'))).toEqual(['Read'])
    expect(lstatSync(join(root, 'conf', 'inner', 'settings.local.json')).isSymbolicLink()).toBe(
      true,
    )
    expect(lstatSync(join(root, 'conf', 'inner', 'middle.json')).isSymbolicLink()).toBe(true)
    expect(existsSync(join(root, 'project', 'final.json'))).toBe(false)
  })

  it('refuses a loop of links and writes nothing', async () => {
    const root = scratch()
    symlinkSync('b.json', join(root, 'a.json'))
    symlinkSync('a.json', join(root, 'b.json'))
    await expect(appendRules(join(root, 'a.json'), 'allow', ['Read'])).rejects.toThrow(
      /symbolic links/,
    )
    expect(readdirSync(root).toSorted()).toEqual(['a.json', 'b.json'])
  })
})
