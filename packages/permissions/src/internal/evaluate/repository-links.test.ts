import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bashParser } from '../../__fixtures__/shell-words.js'
import { checkPermission } from '../check-permission.js'

const parser = bashParser()
let project: string

beforeAll(() => {
  project = join(realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-links-'))), 'project')
  mkdirSync(join(project, '.git', 'hooks'), { recursive: true })
  mkdirSync(join(project, 'docs'))
  mkdirSync(join(project, 'src'))
  writeFileSync(join(project, '.git', 'config'), '[core]\n\tbare = false\n')
  // A committed link into the repository's folder: git checks it out as any other file.
  symlinkSync('../.git/config', join(project, 'docs', 'notes'))
  symlinkSync('.git', join(project, 'meta'))
})
afterAll(() => {
  rmSync(join(project, '..'), { recursive: true, force: true })
})

const rules = {
  allow: ['Bash(printf *)', 'Bash(git *)', 'Bash(sed *)', 'Bash(cd *)', 'Bash(cp *)'],
}
const decided = (command: string, mode: 'acceptEdits' | 'default' = 'acceptEdits') =>
  checkPermission({ parser: parser(), command, rules, projectRoot: project, mode })
const fsmonitor = `printf '[core]\\n\\tfsmonitor = id\\n'`

// SPEC §26: "a path is resolved through existing symlinks"; git-config(1) core.fsmonitor runs
// a command from the configuration git reads, which a link in the work tree may lead to.
describe('git beside a write that leads into a git folder through a symlink (SPEC §26)', () => {
  it('hides git beside a redirection or a program writing through a link into .git', () => {
    for (const line of [
      `${fsmonitor} >> docs/notes && git status`,
      `sed -i 's/bare = false/fsmonitor = id/' docs/notes && git status`,
      "git log -1 --format='[core]%n%x09fsmonitor = id' --output=docs/notes && git status",
      `cd docs && ${fsmonitor} >> notes; cd ..; git status`,
    ]) {
      const explanation = decided(line)
      expect(explanation.decision, line).toBe('ask')
      expect(explanation.basis, line).toBe('hidden-command')
      expect(explanation.reason, line).toContain(`${project}/.git/config`)
    }
  })

  it('hides git beside a cd into a git folder, or a relative write from a cd only the run knows', () => {
    expect(
      decided('cd meta && cp /dev/stdin hooks/pre-commit; cd .. && git status').reason,
    ).toContain(`moves into ${project}/.git`)
    expect(decided('cd "$D" && printf x > hooks/pre-commit; cd - && git status').decision).toBe(
      'ask',
    )
  })

  it('leaves git beside writes that lead elsewhere, and the same writes without git', () => {
    for (const line of [
      'printf x >> docs/readme.md && git status',
      'cd src && git log && printf x > log.txt',
      `${fsmonitor} >> docs/notes`,
    ]) {
      expect(decided(line).decision, line).toBe('allow')
    }
    expect(decided('cd src && git log', 'default').decision).toBe('allow')
  })
})
