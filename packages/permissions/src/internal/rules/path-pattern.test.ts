import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchProjects } from '../../__fixtures__/harness.js'
import {
  compilePathPattern,
  everyPath,
  matchesPath,
  matchingCost,
  maxPathFolders,
} from './path-pattern.js'
import type { PathPattern } from './path-pattern.js'

const roots = { home: '/home/u', root: '/project', cwd: '/project/app' }

function compiled(specifier: string, ignoreCase = false): PathPattern {
  const pattern = compilePathPattern(specifier, roots, ignoreCase)
  if (typeof pattern === 'string') throw new Error(pattern)
  return pattern
}

describe('Read(…) and Edit(…) rules', () => {
  it('anchors // at the root, ~/ at home, / at the project root, the rest at the working directory', () => {
    expect(compiled('//etc/**').base).toBe('/')
    expect(compiled('~/.ssh/**').base).toBe('/home/u')
    expect(compiled('/src/**').base).toBe('/project')
    expect(compiled('*.env').base).toBe('/project/app')
    expect(compilePathPattern('!x', roots, false)).toBe('a path rule cannot be a negation ("!")')
  })

  it('matches gitignore patterns under their folder; deny and ask rules regardless of case', () => {
    expect(matchesPath(compiled('//etc/**'), '/etc/hosts')).toBe(true)
    expect(matchesPath(compiled('/src/**'), '/project/src/a.ts')).toBe(true)
    expect(matchesPath(compiled('/src/**'), '/project/app/src/a.ts')).toBe(false)
    expect(matchesPath(compiled('~/.ssh/**', true), '/home/u/.SSH/id')).toBe(true)
    expect(matchesPath(compiled('*.env', true), '/project/app/x/.ENV')).toBe(true)
    expect(matchesPath(compiled('*.env'), '/project/b.env')).toBe(false)
    expect(matchesPath(everyPath, '/anywhere')).toBe(true)
  })

  it('reads a leading # as part of the name, not as a gitignore comment that matches nothing (SPEC §18.2: never a silent allow)', () => {
    expect(matchesPath(compiled('#secrets/**'), '/project/app/#secrets/key')).toBe(true)
    expect(matchesPath(compiled('#notes.txt'), '/project/app/sub/#notes.txt')).toBe(true)
    expect(matchesPath(compiled('#notes.txt'), '/project/app/notes.txt')).toBe(false)
    expect(matchesPath(compiled('/#x/**'), '/project/#x/y')).toBe(true)
    // An escaped one (as an always-answer writes it) reads the same.
    expect(matchesPath(compiled('\\#notes.txt'), '/project/app/#notes.txt')).toBe(true)
  })
})

describe('path rules on long paths (SPEC §26, bounded work)', () => {
  it('matches a path of 100,000 folders without overflowing the stack', () => {
    const path = `/project/${'a/'.repeat(100_000)}f`
    expect(matchesPath(compiled('/a/**'), path)).toBe(true)
    expect(matchesPath(compiled('~/**'), path)).toBe(false)
  })

  it('reads every folder of a path as gitignore does, across a matcher made afresh', () => {
    const rule = compiled('node_modules/')
    // Past a million characters asked about, the matcher forgets them: the answers stay.
    for (let round = 0; round < 3; round++) {
      const deep = `/project/app/${'x'.repeat(3_000)}/${String(round)}/node_modules/p/i.js`
      for (let index = 0; index < 150; index++) {
        expect(matchesPath(rule, `${deep}${String(index)}`)).toBe(true)
        expect(matchesPath(rule, `/project/app/src/${String(index)}.js`)).toBe(false)
      }
    }
  })

  it('costs each folder’s path and the path’s own; none past PATH_MAX or too many folders', () => {
    expect(matchingCost('/a/bc')).toBe('/a'.length + '/a/bc'.length)
    expect(matchingCost(`/${'a'.repeat(4_095)}`)).toBe(4_096)
    expect(matchingCost(`/${'a'.repeat(4_096)}`)).toBeUndefined()
    // `/a/…/a` of n names is in n - 1 folders (the root aside).
    expect(matchingCost('/a'.repeat(maxPathFolders + 1))).toBeDefined()
    expect(matchingCost('/a'.repeat(maxPathFolders + 2))).toBeUndefined()
  })
})

const project = scratchProjects()

describe('path rules under a root reached through a symlink (SPEC §26)', () => {
  it('anchors /p, p and ~/p at the folder as given and where its link leads', () => {
    const real = project().root
    mkdirSync(join(real, 'src'))
    const link = join(project().root, 'link')
    symlinkSync(real, link)
    const linked = { home: link, root: link, cwd: join(link, 'src') }
    for (const [specifier, file] of [
      ['/src/**', 'src/a.ts'],
      ['*.ts', 'src/a.ts'],
      ['~/.env', '.env'],
    ] as const) {
      const rule = compilePathPattern(specifier, linked, false)
      if (typeof rule === 'string') throw new Error(rule)
      expect(rule.bases).toEqual([rule.base, (rule.base ?? '').replace(link, real)])
      expect(matchesPath(rule, join(link, file))).toBe(true)
      expect(matchesPath(rule, join(real, file))).toBe(true)
      expect(matchesPath(rule, join(`${real}-other`, file))).toBe(false)
    }
  })
})
