import { describe, expect, it } from 'vitest'
import type { ToolDefinition, ToolRules } from '@toolpipe/tools'
import { readSubjects, toolView } from './read-subjects.js'

describe('readSubjects', () => {
  it('gives the subjects a tool reports, checked', () => {
    const rules: ToolRules = {
      subjects: (args) => [
        { kind: 'command', command: (args as { line: string }).line, cwd: '/w' },
        { kind: 'read', path: 'a.txt' },
        { kind: 'fetch', url: 'https://x.example' },
      ],
    }
    expect(readSubjects(rules, { line: 'ls' })).toEqual([
      { kind: 'command', command: 'ls', cwd: '/w' },
      { kind: 'read', path: 'a.txt' },
      { kind: 'fetch', url: 'https://x.example' },
    ])
    expect(readSubjects(undefined, {})).toBeUndefined()
    expect(readSubjects({ ruleName: 'x' }, {})).toBeUndefined()
  })

  it('says why, instead of subjects, when subjects() throws or gives what is not a subject', () => {
    const throwing: ToolRules = {
      subjects: () => {
        throw new Error('boom')
      },
    }
    expect(readSubjects(throwing, {})).toBe("the tool's subjects() failed: boom")
    expect(readSubjects({ subjects: () => 'x' as never }, {})).toBe(
      "the tool's subjects() did not return an array",
    )
    expect(readSubjects({ subjects: () => [{ kind: 'read', path: '' }] }, {})).toBe(
      "the tool's subjects()[0] has no path",
    )
    expect(readSubjects({ subjects: () => [{ kind: 'file' }] as never }, {})).toBe(
      "the tool's subjects()[0] has an unknown kind",
    )
    expect(
      readSubjects(
        {
          subjects: () =>
            [{ kind: 'command', command: 'ls', dangerouslyDisableSandbox: 'yes' }] as never,
        },
        {},
      ),
    ).toBe("the tool's subjects()[0] has a dangerouslyDisableSandbox that is not true or false")
  })

  it('says why when what subjects() gave cannot be read: getters, Proxies (§11)', () => {
    const getter = {
      kind: 'read',
      get path(): string {
        throw new Error('getter')
      },
    }
    expect(readSubjects({ subjects: () => [getter] as never }, {})).toBe(
      "the tool's subjects() gave what cannot be read: getter",
    )
    const proxy = new Proxy([], {
      get() {
        throw new Error('trap')
      },
    })
    expect(readSubjects({ subjects: () => proxy }, {})).toBe(
      "the tool's subjects() gave what cannot be read: trap",
    )
  })

  it('reads each field once: what is judged is what was checked (§18.1)', () => {
    let reads = 0
    const shifting = {
      kind: 'read',
      get path(): string {
        reads++
        return reads === 1 ? 'src/a.ts' : '/etc/shadow'
      },
    }
    const subjects = readSubjects({ subjects: () => [shifting] as never }, {})
    expect(subjects).toEqual([{ kind: 'read', path: 'src/a.ts' }])
    expect(subjects).toEqual([{ kind: 'read', path: 'src/a.ts' }])
    expect(reads).toBe(1)
  })

  it('keeps a command subject’s dangerouslyDisableSandbox (SPEC §23)', () => {
    const subjects = readSubjects(
      { subjects: () => [{ kind: 'command', command: 'ls', dangerouslyDisableSandbox: true }] },
      {},
    )
    expect(subjects).toEqual([{ kind: 'command', command: 'ls', dangerouslyDisableSandbox: true }])
  })
})

describe('toolView', () => {
  const definition = {
    name: 'run',
    description: 'runs',
    parameters: { type: 'object', properties: {} },
    annotations: { readOnly: true, title: 'Run' },
    permissions: { ruleName: 'Bash' },
    execute: () => Promise.resolve([]),
  } satisfies ToolDefinition

  it('takes the rule name and rules from the options first, then the definition', () => {
    expect(toolView('run', definition, new Map())).toMatchObject({
      ruleName: 'Bash',
      readOnly: true,
      hints: { readOnlyHint: true, title: 'Run' },
    })
    const configured = new Map([['run', { ruleName: 'Shell' }]])
    expect(toolView('run', definition, configured).ruleName).toBe('Shell')
    expect(toolView('other', undefined, new Map())).toMatchObject({
      ruleName: 'other',
      readOnly: false,
      rules: undefined,
    })
  })
})
