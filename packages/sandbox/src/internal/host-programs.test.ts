import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { afterEach, describe, expect, it } from 'vitest'
import { SandboxError } from '../sandbox-error.js'
import { assertHostProgramsSafe, findHostPrograms, plantedLookup } from './host-programs.js'
import type { HostPrograms } from './host-programs.js'

/** A fresh folder with an executable `name` in each of `folders` (made under it). */
function programsIn(folders: Record<string, readonly string[]>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-programs-')))
  for (const [folder, names] of Object.entries(folders)) {
    mkdirSync(join(root, folder), { recursive: true })
    for (const name of names) {
      writeFileSync(join(root, folder, name), '#!/bin/sh\nexit 0\n', { mode: 0o755 })
    }
  }
  return root
}

const all = ['bwrap', 'socat', 'rg', 'perl', 'which']

function configWritable(allowWrite: string[]): SandboxRuntimeConfig {
  return {
    network: { allowedDomains: [], deniedDomains: [] },
    filesystem: { allowWrite, denyWrite: [], denyRead: [] },
  }
}

// The sandbox runtime runs bwrap, socat and rg on the host, and `which` to look programs up
// (SPEC §23: they are what the sandbox needs on Linux). A PATH folder a sandboxed command may
// write — `npm run` puts <project>/node_modules/.bin first — must never supply one.
describe('findHostPrograms (SPEC §23: what runs outside the sandbox is never the command’s)', () => {
  const cwd = process.cwd()
  afterEach(() => {
    process.chdir(cwd)
  })

  it('passes over a PATH folder inside a writable folder, and finds each program after it', () => {
    const root = programsIn({ 'project/node_modules/.bin': all, system: all })
    const project = join(root, 'project')
    const found = findHostPrograms(
      [project],
      `${join(project, 'node_modules/.bin')}:${join(root, 'system')}`,
    )
    expect(found).toEqual({
      bwrap: join(root, 'system/bwrap'),
      socat: join(root, 'system/socat'),
      rg: join(root, 'system/rg'),
      bash: realpathSync('/bin/bash'),
      perl: join(root, 'system/perl'),
    })
  })

  it('passes over empty and relative PATH entries (the current folder, wherever it is)', () => {
    const root = programsIn({ here: all, system: all })
    process.chdir(join(root, 'here'))
    const found = findHostPrograms([], `::.:here:${join(root, 'system')}`)
    expect(found).toMatchObject({ bwrap: join(root, 'system/bwrap') })
  })

  it('passes over a link to a program in a writable folder, and a PATH folder linked into one', () => {
    const root = programsIn({ project: all, system: ['socat', 'rg'], late: ['bwrap'] })
    mkdirSync(join(root, 'links'))
    symlinkSync(join(root, 'project/bwrap'), join(root, 'links/bwrap'))
    symlinkSync(join(root, 'project'), join(root, 'linked'))
    const path = [
      join(root, 'links'),
      join(root, 'linked'),
      join(root, 'system'),
      join(root, 'late'),
    ]
    const found = findHostPrograms([join(root, 'project')], path.join(':'))
    expect(found).toMatchObject({ bwrap: join(root, 'late/bwrap'), perl: undefined })
  })

  it('gives the real file of a link outside every writable folder', () => {
    const root = programsIn({ opt: ['bwrap'], system: ['socat', 'rg'] })
    mkdirSync(join(root, 'bin'))
    symlinkSync(join(root, 'opt/bwrap'), join(root, 'bin/bwrap'))
    const found = findHostPrograms([], `${join(root, 'bin')}:${join(root, 'system')}`)
    expect(found).toMatchObject({ bwrap: join(root, 'opt/bwrap') })
  })

  it('says which are missing, in the runtime’s words, and where the only one lies', () => {
    const root = programsIn({ 'project/bin': ['bwrap'], system: ['rg'] })
    const project = join(root, 'project')
    const found = findHostPrograms([project], `${join(project, 'bin')}:${join(root, 'system')}`)
    expect(found).toEqual({
      missing: `bubblewrap (bwrap) not installed outside the folders sandboxed commands may write (there is ${join(project, 'bin/bwrap')}); socat not installed`,
    })
  })
})

describe('plantedLookup and assertHostProgramsSafe (SPEC §23)', () => {
  it('names the first `which` where it lies in a writable folder, and none where the first is elsewhere', () => {
    const root = programsIn({ 'project/bin': ['which'], system: ['which'] })
    const project = join(root, 'project')
    const planted = `${join(project, 'bin')}:${join(root, 'system')}`
    expect(plantedLookup('which', [project], planted)).toBe(join(project, 'bin/which'))
    const safe = `${join(root, 'system')}:${join(project, 'bin')}`
    expect(plantedLookup('which', [project], safe)).toBeUndefined()
    expect(plantedLookup('which', [project], '')).toBeUndefined()
  })

  it('names a `which` found through a relative PATH entry', () => {
    const root = programsIn({ here: ['which'], system: ['which'] })
    expect(plantedLookup('which', [], `${join(root, 'here')}:${join(root, 'system')}`)).toBe(
      undefined,
    )
    const cwd = process.cwd()
    try {
      process.chdir(root)
      expect(plantedLookup('which', [], `here:${join(root, 'system')}`)).toBe(
        join(root, 'here/which'),
      )
    } finally {
      process.chdir(cwd)
    }
  })

  it('refuses a config that makes a program’s folder writable (an allowWrite added later)', () => {
    const root = programsIn({ tools: ['bwrap'] })
    const programs: HostPrograms = {
      bwrap: join(root, 'tools/bwrap'),
      socat: '/usr/bin/socat',
      rg: '/usr/bin/rg',
      bash: '/usr/bin/bash',
      perl: undefined,
    }
    const refused = (() => {
      try {
        assertHostProgramsSafe(configWritable([join(root, 'tools')]), programs)
        return undefined
      } catch (error) {
        return error
      }
    })()
    expect(refused).toBeInstanceOf(SandboxError)
    expect(refused).toMatchObject({ code: 'SANDBOX_UNAVAILABLE' })
    expect((refused as Error).message).toContain(
      `bwrap (${join(root, 'tools/bwrap')}) lies in a folder`,
    )
    expect(() => {
      assertHostProgramsSafe(configWritable([join(root, 'elsewhere')]), programs)
    }).not.toThrow()
  })

  it('refuses where this process’s PATH would give the runtime a planted `which`', () => {
    const root = programsIn({ 'project/bin': ['which'] })
    const path = process.env.PATH
    process.env.PATH = `${join(root, 'project/bin')}:${path ?? ''}`
    try {
      expect(() => {
        assertHostProgramsSafe(configWritable([join(root, 'project')]), undefined)
      }).toThrow(SandboxError)
      expect(() => {
        assertHostProgramsSafe(configWritable([]), undefined)
      }).not.toThrow()
    } finally {
      process.env.PATH = path
    }
  })
})
