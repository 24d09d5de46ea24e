import { describe, expect, it } from 'vitest'
import { hookToolInput } from './hook-tool-input.js'

const roots = { projectRoot: '/p', home: '/home/me' }

describe('hookToolInput: the tool_input a hook is told (SPEC §18.1, §26)', () => {
  it('adds Claude Code’s field from the subjects, after the tool’s own arguments', () => {
    const write = {
      ruleName: 'Write',
      rules: { subjects: ({ path }: { path: string }) => [{ kind: 'edit' as const, path }] },
    }
    expect(hookToolInput({ path: 'src/a.ts', content: 'x' }, write as never, roots)).toEqual({
      path: 'src/a.ts',
      content: 'x',
      file_path: '/p/src/a.ts',
    })
  })

  it('resolves a path against the command’s cwd, and ~ against the home folder', () => {
    const subjects = (args: { path: string }) => [
      { kind: 'command' as const, command: 'cat', cwd: 'sub' },
      { kind: 'read' as const, path: args.path },
    ]
    const read = { ruleName: 'read_file', rules: { subjects } }
    expect(hookToolInput({ path: '../b' }, read as never, roots)).toMatchObject({
      file_path: '/p/b',
    })
    expect(hookToolInput({ path: '~/notes' }, read as never, roots)).toMatchObject({
      file_path: '/home/me/notes',
    })
  })

  it('resolves relative paths, and a command’s relative cwd, against the policy’s cwd when given', () => {
    const withCwd = { ...roots, cwd: '/p/pkg' }
    const read = {
      ruleName: 'Read',
      rules: { subjects: ({ path }: { path: string }) => [{ kind: 'read' as const, path }] },
    }
    expect(hookToolInput({ path: 'notes.txt' }, read as never, withCwd)).toMatchObject({
      file_path: '/p/pkg/notes.txt',
    })
    expect(hookToolInput({ path: '/etc/hosts' }, read as never, withCwd)).toMatchObject({
      file_path: '/etc/hosts',
    })
    const inFolder = {
      ruleName: 'Write',
      rules: {
        subjects: ({ path }: { path: string }) => [
          { kind: 'command' as const, command: 'date', cwd: 'out' },
          { kind: 'edit' as const, path },
        ],
      },
    }
    expect(hookToolInput({ path: 'a.txt' }, inFolder as never, withCwd)).toMatchObject({
      file_path: '/p/pkg/out/a.txt',
    })
  })

  it('adds hookInput’s fields last, as plain JSON; a throw or malformed value adds nothing', () => {
    const edit = (hookInput: () => unknown) => ({ ruleName: 'Edit', rules: { hookInput } })
    expect(hookToolInput({ find: 'x' }, edit(() => ({ old_string: 'x' })) as never, roots)).toEqual(
      { find: 'x', old_string: 'x' },
    )
    const throwing = edit(() => {
      throw new Error('no')
    })
    expect(hookToolInput({ find: 'x' }, throwing as never, roots)).toEqual({ find: 'x' })
    expect(hookToolInput({ find: 'x' }, edit(() => [1]) as never, roots)).toEqual({ find: 'x' })
  })

  it('tells a tool of another rule name, or arguments that are no object, as they are', () => {
    const other = { ruleName: 'deploy', rules: { subjects: () => [{ kind: 'read', path: 'a' }] } }
    expect(hookToolInput({ target: 'prod' }, other as never, roots)).toEqual({ target: 'prod' })
    expect(hookToolInput([1, 2], other as never, roots)).toEqual([1, 2])
  })
})
