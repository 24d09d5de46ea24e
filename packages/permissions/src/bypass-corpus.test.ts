import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bypassCorpus, geminiCorpus } from './__fixtures__/bypass-corpus.js'
import type { CorpusRow, GeminiCorpusRow } from './__fixtures__/bypass-corpus.js'
import { pluginRunner } from './__fixtures__/corpus-plugin.js'
import { BashScratch } from './__fixtures__/bash-scratch.js'
import { failClosedCorpus } from './__fixtures__/fail-closed-corpus.js'
import { failClosedGeminiCorpus } from './__fixtures__/fail-closed-gemini-corpus.js'
import { failClosedReadingsCorpus } from './__fixtures__/fail-closed-readings-corpus.js'
import { failClosedSecondReadingsCorpus } from './__fixtures__/fail-closed-second-readings-corpus.js'
import { failClosedThirdReadingsCorpus } from './__fixtures__/fail-closed-third-readings-corpus.js'
import { checkPermission } from './internal/check-permission.js'
import type { Subject } from '@toolpipe/tools'
import { loadBashParser } from './internal/shell/bash-parser.js'
import type { BashParser } from './internal/shell/bash-parser.js'

let parser: BashParser
let scratch: string
let onDiskProject: string
const throughPlugin = pluginRunner()

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
  // A dangling link: writing through it creates its target (SPEC §26).
  symlinkSync('/etc/toolpipe-corpus-missing', join(onDiskProject, 'src', 'dangling'))
  // A repository whose work tree holds a committed link to its own configuration.
  mkdirSync(join(onDiskProject, 'repo', '.git'), { recursive: true })
  mkdirSync(join(onDiskProject, 'repo', 'docs'))
  writeFileSync(join(onDiskProject, 'repo', '.git', 'config'), '[core]\n')
  symlinkSync('../.git/config', join(onDiskProject, 'repo', 'docs', 'notes'))
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

const rows = [
  ...bypassCorpus,
  ...failClosedCorpus,
  ...failClosedReadingsCorpus,
  ...failClosedSecondReadingsCorpus,
  ...failClosedThirdReadingsCorpus,
]
const geminiRows = [...geminiCorpus, ...failClosedGeminiCorpus]
const label = (line: string) =>
  line.length > 120 ? `${line.slice(0, 60)}…(${line.length} chars)` : line
const cases = rows.map(
  (row) =>
    [row.kind ?? 'command', label(row.line), row.mode ?? 'default', row.expected, row] as const,
)

describe('the bypass corpus', () => {
  it('holds at least 150 rows, each citing its source', () => {
    expect(rows.length + geminiRows.length).toBeGreaterThanOrEqual(150)
    for (const row of [...rows, ...geminiRows]) expect(row.source).toMatch(/^https:\/\//)
  })

  describe('through the checker', () => {
    it.each(cases)('%s %j (%s) → %s', (_kind, _line, _mode, expected, row) => {
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
    })

    it.each(geminiRows.map((row) => [row.line, row.expected, row] as const))(
      'gemini %j → %s',
      (_line, expected, row: GeminiCorpusRow) => {
        const explanation = checkPermission({
          parser,
          command: row.line,
          gemini: row.policy,
          rules: row.rules ?? {},
        })
        expect(explanation.decision, explanation.reason).toBe(expected)
      },
    )
  })

  describe('through the plugin on a registry', () => {
    it.each(cases)('%s %j (%s) → %s', async (kind, _line, _mode, expected, row) => {
      const decision = await throughPlugin({
        kind,
        line: row.line,
        rules: row.rules,
        ruleName: row.ruleName,
        args: row.args,
        mode: row.mode,
        projectRoot: row.onDisk === true ? onDiskProject : '/project',
        scratch,
      })
      expect(decision).toBe(expected)
    })

    it.each(geminiRows.map((row) => [row.line, row.expected, row] as const))(
      'gemini %j → %s',
      async (_line, expected, row: GeminiCorpusRow) => {
        const decision = await throughPlugin({
          kind: 'command',
          line: row.line,
          rules: row.rules ?? {},
          gemini: row.policy,
          projectRoot: '/project',
          scratch,
        })
        expect(decision).toBe(expected)
      },
    )
  })
})

// SPEC §26: "a line allowed while bash runs a program no allow rule covers" is what the judge
// must never do. Rows with `realBash` run in real bash, with stub programs that log their runs.
describe('the bypass corpus against real bash', () => {
  let bash: BashScratch
  beforeAll(() => {
    bash = new BashScratch(['rm', 'id', 'curl', 'ls'], {
      programs: [
        ...['awk', 'git', 'mkdir', 'tee', 'cp', 'sort', 'grep'],
        // What programs-running-programs.ts runs, where the machine has it.
        ...['runuser', 'su', 'ssh', 'socat', 'sdiff', 'diff3', 'unshare'],
      ],
      files: {
        'notes.txt': 'hello\nworld\n',
        '.env': 'SECRET=1\n',
        'tmpl/hooks/pre-commit': '#!/bin/sh\nrm -rf ./important\n',
        // A repository made of its files (git-init(1) makes the same), with no commit yet.
        'repo/.git/HEAD': 'ref: refs/heads/main\n',
        'repo/.git/config': '[core]\n\trepositoryformatversion = 0\n\tbare = false\n',
        'repo/.git/objects/info/.keep': '',
        'repo/.git/refs/heads/.keep': '',
      },
      links: { 'repo/docs/notes': '../.git/config' },
    })
  })
  afterAll(() => {
    bash.dispose()
  })

  const inBash = rows.filter((row) => row.realBash !== undefined && row.mode === undefined)
  it.each(inBash.map((row) => [label(row.line), row.expected, row] as const))(
    '%j (%s): what bash runs is allowed, or the line is not',
    (_line, _expected, row) => {
      const ran = bash.run(row.line).ran
      const judge = (command: string) =>
        checkPermission({ parser, rules: row.rules, command, cwd: bash.project }).decision
      const hidden = row.realBash?.hides
      if (hidden !== undefined) {
        expect(
          ran.map((entry) => entry.split(' ')[0]),
          'bash runs what the line hides',
        ).toContain(hidden)
      }
      if (judge(row.line) !== 'allow') return
      for (const entry of ran) expect(judge(entry), `${row.line} ran ${entry}`).toBe('allow')
    },
  )
})
