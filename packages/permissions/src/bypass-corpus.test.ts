import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bypassCorpus, geminiCorpus } from './__fixtures__/bypass-corpus.js'
import type { CorpusRow } from './__fixtures__/bypass-corpus.js'
import { checkPermission } from './internal/check-permission.js'
import type { Subject } from '@toolpipe/tools'
import { loadBashParser } from './internal/shell/bash-parser.js'
import type { BashParser } from './internal/shell/bash-parser.js'

let parser: BashParser
let scratch: string
let onDiskProject: string

beforeAll(async () => {
  parser = await loadBashParser()
  scratch = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-corpus-')))
  onDiskProject = join(scratch, 'project')
  mkdirSync(join(onDiskProject, 'src'), { recursive: true })
  mkdirSync(join(onDiskProject, 'secrets'))
  writeFileSync(join(onDiskProject, 'secrets', 'key'), 'secret')
  writeFileSync(join(onDiskProject, 'src', 'app.ts'), '')
  symlinkSync('../secrets/key', join(onDiskProject, 'src', 'link-to-key'))
  symlinkSync('../secrets', join(onDiskProject, 'src', 'secrets-dir'))
  symlinkSync('/etc', join(onDiskProject, 'src', 'escape'))
})

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true })
})

function subjectsOf(row: CorpusRow): Subject[] | undefined {
  switch (row.kind ?? 'command') {
    case 'command':
      return [{ kind: 'command', command: row.line }]
    case 'read':
      return [{ kind: 'read', path: row.line }]
    case 'edit':
      return [{ kind: 'edit', path: row.line }]
    case 'fetch':
      return [{ kind: 'fetch', url: row.line }]
    case 'call':
      return undefined
  }
}

describe('the bypass corpus', () => {
  it('holds at least 150 rows, each citing its source', () => {
    expect(bypassCorpus.length + geminiCorpus.length).toBeGreaterThanOrEqual(150)
    for (const row of [...bypassCorpus, ...geminiCorpus]) expect(row.source).toMatch(/^https:\/\//)
  })

  it.each(bypassCorpus.map((row) => [row.kind ?? 'command', row.line, row.expected, row] as const))(
    '%s %j → %s',
    (_kind, _line, expected, row) => {
      const projectRoot = row.onDisk === true ? onDiskProject : '/project'
      const explanation = checkPermission({
        parser,
        rules: row.rules,
        subjects: subjectsOf(row),
        ruleName: row.ruleName,
        arguments: row.args ?? {},
        mode: row.mode,
        projectRoot,
        cwd: projectRoot,
        home: '/home/user',
      })
      expect(explanation.decision, explanation.reason).toBe(expected)
    },
  )

  it.each(geminiCorpus.map((row) => [row.line, row.expected, row] as const))(
    'gemini %j → %s',
    (line, expected, row) => {
      const explanation = checkPermission({
        parser,
        command: line,
        gemini: row.policy,
        rules: row.rules ?? {},
      })
      expect(explanation.decision, explanation.reason).toBe(expected)
    },
  )
})
