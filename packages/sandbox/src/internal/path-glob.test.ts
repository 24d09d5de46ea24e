import { describe, expect, it } from 'vitest'
import { isMatch, parsePathGlob, readName, startPositions } from './path-glob.js'

/** Whether `path` matches `pattern`, read one name at a time from the pattern's base. */
function matches(pattern: string, path: string): boolean {
  const glob = parsePathGlob(pattern)
  if (!path.startsWith(`${glob.base}/`)) return false
  let positions = startPositions(glob)
  for (const name of path.slice(glob.base.length + 1).split('/')) {
    positions = readName(glob, positions, name)
  }
  return isMatch(glob, positions)
}

// The sandbox runtime's glob syntax (its `globToRegex`), as Claude Code's `Edit(…)` rules become
// write-deny patterns: SPEC §23. On Linux the runtime takes no patterns in write paths, so the
// sandbox finds each pattern's existing matches itself.
describe('path patterns, one name at a time (SPEC §23)', () => {
  it.each<[string, string, boolean]>([
    ['/p/**/*.pem', '/p/a.pem', true],
    ['/p/**/*.pem', '/p/sub/deep/a.pem', true],
    ['/p/**/*.pem', '/p/.hidden.pem', true],
    ['/p/**/*.pem', '/p/a.pem.bak', false],
    ['/p/gen/*.ts', '/p/gen/x.ts', true],
    ['/p/gen/*.ts', '/p/gen/sub/x.ts', false],
    ['/p/gen/*.ts', '/p/other/x.ts', false],
    ['/p/file?.txt', '/p/file1.txt', true],
    ['/p/file?.txt', '/p/file10.txt', false],
    ['/p/key[0-9].pem', '/p/key7.pem', true],
    ['/p/key[0-9].pem', '/p/keyx.pem', false],
    ['/p/key[!0].pem', '/p/key!.pem', true], // `!` is a member, not a negation
    ['/p/key[!0].pem', '/p/key1.pem', false],
    ['/p/[z-a].pem', '/p/[z-a].pem', true], // brackets that spell no set are text
    ['/p/**/build/**', '/p/x/build', true],
    ['/p/**/build/**', '/p/x/build/out.js', true],
    ['/p/**/build/**', '/p/x/builder', false],
    ['/p/*.env*', '/p/.env.local', true],
    ['/p/a*b*c', '/p/aXbYc', true],
    ['/p/a*b*c', '/p/aXbYd', false],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected)
  })

  it('splits a pattern at its first wildcard name: the base is literal', () => {
    expect(parsePathGlob('/work/app/src/**/*.ts').base).toBe('/work/app/src')
    expect(parsePathGlob('/**/*.pem').base).toBe('/')
  })

  it('matches a long name against many stars in time that grows gently', () => {
    const started = performance.now()
    expect(matches(`/p/${'*a'.repeat(30)}b`, `/p/${'a'.repeat(250)}`)).toBe(false)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
