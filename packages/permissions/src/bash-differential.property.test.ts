import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { propertyParameters } from '../../../property-runs.shared.js'
import { analyzeShell } from './internal/shell/analyze-shell.js'
import { loadBashParser } from './internal/shell/bash-parser.js'
import type { BashParser } from './internal/shell/bash-parser.js'
import { displayText } from './internal/shell/command-text.js'

/**
 * The walk against the real bash: generated lines run under `bash -c` with a PATH holding only
 * stub programs that log their name and arguments. Every command bash ran must be one of the
 * simple commands the walk found — what the rules judge is what runs.
 */
let parser: BashParser
let folder: string
const stubs = ['alpha', 'beta', 'gamma', 'delta']
const wrappers = ['timeout', 'nice', 'nohup', 'env', 'xargs', 'sed', 'awk']
const bash = ['/bin/bash', '/usr/bin/bash'].find((path) => existsSync(path)) ?? 'bash'

beforeAll(async () => {
  parser = await loadBashParser()
  folder = mkdtempSync(join(tmpdir(), 'toolpipe-bash-'))
  for (const name of stubs) {
    const path = join(folder, name)
    // alpha and gamma succeed, beta and delta fail: && and || take both branches somewhere.
    const status = name === 'beta' || name === 'delta' ? 1 : 0
    writeFileSync(path, `#!/bin/sh\necho "${name} $*" >> "$STUB_LOG"\nexit ${status}\n`)
    chmodSync(path, 0o755)
  }
  for (const name of wrappers) {
    const real = ['/usr/bin', '/bin'].map((dir) => join(dir, name)).find((path) => existsSync(path))
    if (real !== undefined) symlinkSync(real, join(folder, name))
  }
})
afterAll(() => {
  rmSync(folder, { recursive: true, force: true })
})

const word = fc.constantFrom('x', '-n', '"a b"', "'c'", 'd\\ e', '1')
const name = fc
  .constantFrom(...stubs)
  .chain((stub) =>
    fc.constantFrom(
      stub,
      `"${stub}"`,
      `'${stub.slice(0, 2)}'${stub.slice(2)}`,
      `${stub.slice(0, 1)}\\${stub.slice(1)}`,
    ),
  )
const simple = fc
  .tuple(
    fc.constantFrom('', 'timeout 5 ', 'nice -n 1 ', 'env ', 'nohup ', 'NODE_ENV=x '),
    name,
    fc.array(word, { maxLength: 3 }),
  )
  .map(([prefix, command, args]) => `${prefix}${[command, ...args].join(' ')}`)
const part = fc.oneof(
  { weight: 4, arbitrary: simple },
  { weight: 1, arbitrary: simple.map((command) => `(${command})`) },
  { weight: 1, arbitrary: simple.map((command) => `{ ${command}; }`) },
  { weight: 1, arbitrary: simple.map((command) => `! ${command}`) },
  { weight: 1, arbitrary: fc.tuple(simple, simple).map(([a, b]) => `if ${a}; then ${b}; fi`) },
)
const operator = fc.constantFrom(' && ', ' || ', '; ', ' | ', ' |& ', '\n', ' | ', '\n\n')
const line = fc
  .array(part, { minLength: 1, maxLength: 5 })
  .chain((parts) =>
    fc
      .array(operator, { minLength: parts.length - 1, maxLength: parts.length - 1 })
      .map((operators) =>
        parts.reduce(
          (text, next, index) =>
            index === 0 ? next : `${text}${operators[index - 1] ?? ';'}${next}`,
          '',
        ),
      ),
  )

/** What the stub programs logged when real bash ran `text` in the scratch folder, line by line. */
function ranInBash(text: string): string[] {
  const log = join(folder, 'log')
  rmSync(log, { force: true })
  const run = spawnSync(bash, ['-c', text], {
    env: { PATH: folder, STUB_LOG: log },
    timeout: 10_000,
    cwd: folder,
    stdio: 'ignore',
  })
  expect(run.error).toBeUndefined()
  return existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((entry) => entry !== '')
    : []
}

describe('the walk against bash', () => {
  it('finds every command bash runs', () => {
    fc.assert(
      fc.property(line, (text) => {
        const ran = ranInBash(text)
        const analysis = analyzeShell(parser, text)
        if (analysis.unparseable !== undefined) return
        // What each simple command runs, once wrappers are stripped: its last deny spelling.
        const found = new Set(
          analysis.commands.flatMap((command) =>
            command.denyTexts.map((spelling) => displayText(spelling).trim()),
          ),
        )
        for (const entry of ran)
          expect(found, `${JSON.stringify(text)} ran ${JSON.stringify(entry)}`).toContain(
            entry.trim(),
          )
      }),
      propertyParameters(100),
    )
    // Each case starts bash and a few programs: generous on a loaded machine.
  }, 600_000)

  // SPEC §26: where bash runs a command the walk cannot see, the walk says it is hidden. A stub
  // run through a regex's bracket expression (sed's `e` flag, awk's `system`), past a blank only
  // mawk skips before an awk `/`, or through the arithmetic bash does on a `{a[x]}>` word's
  // subscript.
  const hidden = fc.tuple(fc.constantFrom(...stubs), fc.constantFrom(...stubs)).chain(([a, b]) =>
    fc.constantFrom(
      `echo x | sed 's/.*[/]*/g;${a};/e'`,
      `echo x | sed -n '/[/]*/e ${a}'`,
      `awk 'BEGIN { x = "a" ~ /[/]"/; system("${a}") } # "'`,
      // mawk skips \f and \v, and blanks between a backslash and its newline: the `/` divides.
      `awk 'BEGIN { b = a \f/ 1; system("${a}"); c = 1/1 }'`,
      `awk 'BEGIN { b = a \\ \n/ 1; system("${a}"); c = 1/1 }'`,
      `read x <<< 'z[$(${a})]'; ${b} {z[x]}>/dev/null`,
      `read x <<< 'z[$(${a})]'; ${b} {z[x]}<<<hi`,
      `${b} {z[1]}>/dev/null`,
    ),
  )
  const hiddenLine = fc
    .tuple(hidden, operator, simple)
    .map(([first, joiner, second]) => `${first}${joiner}${second}`)

  it('says a command is hidden wherever bash runs one it did not find', () => {
    fc.assert(
      fc.property(hiddenLine, (text) => {
        const ran = ranInBash(text)
        const analysis = analyzeShell(parser, text)
        if (analysis.unparseable !== undefined) return
        const found = new Set(
          analysis.commands.flatMap((command) =>
            command.denyTexts.map((spelling) => displayText(spelling).trim()),
          ),
        )
        const unseen = ran.filter((entry) => !found.has(entry.trim()))
        if (unseen.length === 0) return
        expect(
          analysis.hidingConstructs,
          `${JSON.stringify(text)} ran ${JSON.stringify(unseen)}`,
        ).not.toEqual([])
      }),
      propertyParameters(60),
    )
  }, 600_000)
})
