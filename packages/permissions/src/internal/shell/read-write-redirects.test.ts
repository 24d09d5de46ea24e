import { beforeAll, describe, expect, it } from 'vitest'
import { checkPermission } from '../check-permission.js'
import { analyzeShell } from './analyze-shell.js'
import { loadBashParser } from './bash-parser.js'
import type { BashParser } from './bash-parser.js'
import { withReadWriteAsRead } from './read-write-redirects.js'

let parser: BashParser
beforeAll(async () => {
  parser = await loadBashParser()
})

const rules = {
  allow: ['Bash(cat *)', 'Bash(exec *)', 'Edit(src/**)'],
  deny: ['Edit(//etc/**)', 'Read(.env)'],
}
const decide = (command: string) =>
  checkPermission({ parser, command, rules, projectRoot: '/project', cwd: '/project' })

// SPEC §26: "`<>` is an edit target"; bash(1), "Opening File Descriptors for Reading and Writing".
describe('a <> redirection (SPEC §26)', () => {
  it('parses, its file an edit subject that Edit rules allow', () => {
    for (const line of [
      'cat <> src/a',
      'cat <>src/a',
      'cat 3<> src/a',
      'cat <> src/a; cat <> src/b',
    ]) {
      const analysis = analyzeShell(parser, line)
      expect(analysis.unparseable, line).toBeUndefined()
      expect(
        analysis.redirects.map((redirect) => [redirect.kind, redirect.target.literal]),
        line,
      ).toContainEqual(['edit', 'src/a'])
      expect(decide(line).decision, line).toBe('allow')
    }
    expect(decide('exec {fd}<> src/a').decision).toBe('allow')
  })

  it('is denied where Edit or Read denies its file, and asks where no rule allows it', () => {
    expect(decide('cat <> /etc/hosts').decision).toBe('deny')
    expect(decide('cat <> .env').decision).toBe('deny')
    expect(decide('cat <> notes.txt').decision).toBe('ask')
  })

  it('cannot be read where a `<>` is text: in quotes, a here-document, a comment', () => {
    for (const line of [
      "cat <> src/a '<>'",
      'cat <> src/a "x<>y"',
      'cat <> src/a <<E\n<>\nE',
      'cat <> src/a # <>',
      'cat <<<> src/a',
      'cat <>',
      'cat <>& src/a',
    ]) {
      expect(analyzeShell(parser, line).unparseable, line).toBeDefined()
      expect(decide(line).decision, line).not.toBe('allow')
    }
  })

  it('keeps every offset: `<>` is written `< `', () => {
    expect(withReadWriteAsRead('cat <> a; x 3<>b')).toEqual({
      line: 'cat <  a; x 3< b',
      operators: new Set([4, 13]),
    })
    expect(withReadWriteAsRead('cat <<> a')).toBeUndefined()
    expect(withReadWriteAsRead('cat < a')).toBeUndefined()
  })
})
