import { describe, expect, it } from 'vitest'
import { compilePathPattern, everyPath, matchesPath } from './path-pattern.js'
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
})
