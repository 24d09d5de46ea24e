import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchProjects } from '../../__fixtures__/harness.js'
import { compilePathPattern, matchesPath } from './path-pattern.js'
import type { PathPattern, PathRoots } from './path-pattern.js'

const roots = { home: '/home/u', root: '/project', cwd: '/project/app' }

function compiled(specifier: string, at: PathRoots = roots): PathPattern {
  const pattern = compilePathPattern(specifier, at, true)
  if (typeof pattern === 'string') throw new Error(pattern)
  return pattern
}

// SPEC §18.2: "Paths are normalised (`..`, `.`, duplicate slashes) before matching" — the paths a
// rule meets never hold them, so a rule's own literal path is normalised the same way.
describe('path rules written with "..", "./" or "//" (SPEC §18.2)', () => {
  it.each([
    // `..` above the anchor: the working directory's parent.
    ['../secrets/**', '/project', '/project/secrets/key', '/project/app/secrets/key'],
    // `..` inside the path takes off the folder before it; the rule stays anchored.
    ['./a/../b.txt', '/project/app', '/project/app/b.txt', '/project/app/x/b.txt'],
    ['a/../b.txt', '/project/app', '/project/app/b.txt', '/project/app/x/b.txt'],
    ['/sub/../top.txt', '/project', '/project/top.txt', '/project/x/top.txt'],
    ['//tmp/x/../y.txt', '/', '/tmp/y.txt', '/tmp/x/y.txt'],
    // Duplicate slashes and `.` segments.
    ['//etc//shadow', '/', '/etc/shadow', '/x/etc/shadow'],
    ['./src/./key', '/project/app', '/project/app/src/key', '/project/app/x/src/key'],
    ['~/../other/.env', '/home', '/home/other/.env', '/home/u/other/.env'],
    // Above the file system's root is the root, as for a path.
    ['//../etc/hosts', '/', '/etc/hosts', '/x/etc/hosts'],
    // The folder itself: everything in it.
    ['..', '/project', '/project/anything/at/all', '/elsewhere/x'],
    ['sub/..', '/project/app', '/project/app/x', '/project/x'],
  ])('%s is anchored at %s: matches %s, not %s', (specifier, base, inside, outside) => {
    const rule = compiled(specifier)
    expect(rule.base).toBe(base)
    expect(matchesPath(rule, inside)).toBe(true)
    expect(matchesPath(rule, outside)).toBe(false)
  })

  it('keeps wildcard segments as written, and a pattern with no folder at any depth', () => {
    const pems = compiled('../**/./*.pem')
    expect([pems.base, pems.pattern]).toEqual(['/project', '/**/*.pem'])
    expect(matchesPath(pems, '/project/a/b/c.pem')).toBe(true)
    expect(compiled('*.env').pattern).toBe('*.env')
    expect(matchesPath(compiled('*.env'), '/project/app/deep/x.env')).toBe(true)
    expect(compiled('node_modules/').pattern).toBe('node_modules/')
    // A rule that needed nothing is kept as written.
    expect(compiled('src/**').pattern).toBe('src/**')
    expect(compiled('//etc/**').pattern).toBe('/etc/**')
  })

  it('refuses a ".." after a wildcard: only the file system could say where it leads', () => {
    for (const specifier of ['src/*/../key', '**/../x', '/a/[bc]/../d']) {
      expect(compilePathPattern(specifier, roots, false)).toBe(
        'a path rule cannot go up ("..") after a wildcard',
      )
    }
  })
})

const project = scratchProjects()

describe('a rule going above a working directory reached through a symlink (SPEC §18.2, §26)', () => {
  it('is anchored at the lexical parent and where the kernel’s ".." leads', () => {
    const { root } = project()
    mkdirSync(join(root, 'real', 'app'), { recursive: true })
    symlinkSync(join(root, 'real', 'app'), join(root, 'link'))
    const rule = compiled('../secrets/**', { home: root, root, cwd: join(root, 'link') })
    expect(rule.base).toBe(root)
    expect(rule.bases).toEqual([root, join(root, 'real')])
    expect(matchesPath(rule, join(root, 'secrets', 'key'))).toBe(true)
    expect(matchesPath(rule, join(root, 'real', 'secrets', 'key'))).toBe(true)
    expect(matchesPath(rule, join(root, 'real', 'app', 'secrets', 'key'))).toBe(false)
  })
})

// SPEC §18.2: paths are normalised (duplicate slashes); a gitignore pattern whose only slash is
// at its end matches at any depth — `secrets//` as `secrets/` does.
describe('a one-name path rule with extra slashes stays at any depth (SPEC §18.2)', () => {
  it.each([
    ['secrets//', 'secrets/', '/project/app/sub/secrets/key'],
    ['.env//', '.env/', '/project/app/sub/.env/x'],
    ['secrets/./', 'secrets/', '/project/app/a/b/secrets/key'],
    ['node_modules///', 'node_modules/', '/project/app/sub/node_modules/x'],
  ])('%s is %s: it matches %s', (specifier, pattern, deep) => {
    const rule = compiled(specifier)
    expect([rule.base, rule.pattern]).toEqual(['/project/app', pattern])
    expect(matchesPath(rule, deep)).toBe(true)
    expect(matchesPath(rule, '/project/app/secrets-not/x')).toBe(false)
  })

  it('keeps anchored a name after "/", "./" or a "..", as before', () => {
    expect(compiled('/secrets//').pattern).toBe('/secrets/')
    expect(compiled('.//secrets//').pattern).toBe('/secrets/')
    expect(compiled('a/../secrets//').pattern).toBe('/secrets/')
    expect(matchesPath(compiled('/secrets//'), '/project/sub/secrets/key')).toBe(false)
  })
})
