import { describe, expect, it } from 'vitest'
import { bashParser, words } from '../../__fixtures__/shell-words.js'
import { checkPermission } from '../check-permission.js'
import { gitWrites } from './git-writes.js'

const parser = bashParser()

/** What gitWrites finds in `texts` (undefined: a word known only at run time), as `target → path`. */
function writes(...texts: (string | undefined)[]): string[] {
  return gitWrites(words('git', ...texts)).map(
    (write) =>
      `${write.target.literal ?? '…'} → ${write.path === undefined ? '…' : `${write.path.anchor}:${write.path.path}`}`,
  )
}

// SPEC §18.2 (a redirection's file is an edit subject) and §26: git-diff(1) "--output=<file>:
// Output to a specific file instead of stdout", git-format-patch(1) "-o <dir>", git-archive(1)
// "-o <file>" write files no redirection shows.
describe('gitWrites (SPEC §18.2, §26; git-diff(1) --output, git-format-patch(1) -o)', () => {
  it('finds --output in every form git takes, relative to where -C leads', () => {
    expect(writes('log', '--output=src/log.txt')).toEqual(['src/log.txt → cwd:src/log.txt'])
    expect(writes('diff', '--output', '/tmp/d.patch')).toEqual([
      '/tmp/d.patch → absolute:/tmp/d.patch',
    ])
    expect(writes('show', '--outp=x')).toEqual(['x → cwd:x'])
    expect(gitWrites(words('git', '-C', 'src', '-C', 'r', 'log', '--output=x'))[0]?.path).toEqual({
      anchor: 'cwd',
      path: 'src/r/x',
    })
    // No tilde is expanded after `=` (bash expands none there): a folder named `~`.
    expect(writes('log', '--output=~/x')).toEqual(['~/x → cwd:~/x'])
    expect(writes('log', '--output', '~/x')).toEqual(['~/x → home:x'])
  })

  it("finds format-patch's, archive's, bugreport's and diagnose's -o, bundled too", () => {
    expect(writes('format-patch', '-1', '-o', 'patches')).toEqual(['patches → cwd:patches'])
    expect(writes('format-patch', '-1', '-ko.git')).toEqual(['.git → cwd:.git'])
    expect(writes('format-patch', '--output-directory=out')).toEqual(['out → cwd:out'])
    expect(writes('archive', '-oout.tar', 'HEAD')).toEqual(['out.tar → cwd:out.tar'])
    expect(writes('bugreport', '-o', 'report')).toEqual(['report → cwd:report'])
    // -o is another option elsewhere: `git grep -o`, `git commit -o`.
    expect(writes('grep', '-o', 'x')).toEqual([])
    expect(writes('log', '-o', 'x')).toEqual([])
  })

  it('takes a word known only at run time for one, unless it is a path or another option', () => {
    expect(writes('log', undefined)).toEqual(['… → …'])
    expect(writes('log', '--output', undefined)).toEqual(['… → …'])
    expect(
      gitWrites([...words('git', 'log'), { text: '--format=\u0001', literal: undefined }]),
    ).toEqual([])
    expect(
      gitWrites([...words('git', 'log'), { text: 'HEAD~\u0001', literal: undefined }]),
    ).toEqual([])
    expect(writes('log', '--', undefined)).toEqual([])
    expect(writes('status', undefined)).toEqual([])
  })

  it('is an edit subject: allowed inside the project, asked outside it, denied by a deny rule', () => {
    const rules = {
      allow: ['Bash(git log *)', 'Bash(git diff *)', 'Edit(src/**)'],
      deny: ['Edit(//etc/**)'],
    }
    const decide = (command: string) =>
      checkPermission({ parser: parser(), command, rules, projectRoot: '/project' }).decision
    expect(decide('git log -1 --output=src/log.txt')).toBe('allow')
    expect(decide('git log -1 --format=tformat:x --output=../outside.txt')).toBe('ask')
    expect(decide('git diff --output=/etc/cron.d/x')).toBe('deny')
    expect(decide('git log -1')).toBe('allow')
    // A word known only at run time may be --output=<anywhere>: a file known only at run time.
    expect(decide('git log "$X"')).toBe('ask')
  })
})
