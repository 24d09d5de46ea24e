import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { propertyParameters } from '../../../property-runs.shared.js'
import { BashScratch } from './__fixtures__/bash-scratch.js'
import { checkPermission } from './internal/check-permission.js'
import { loadBashParser } from './internal/shell/bash-parser.js'
import type { BashParser } from './internal/shell/bash-parser.js'

/**
 * The judge against real bash where they are most likely to disagree (SPEC §26): arithmetic
 * on quoted subscripts, here-documents with end lines bash does not accept, `cd` before
 * relative redirections, tildes, links. Each generated line runs in a scratch root with stub
 * programs; whenever bash ran the denied program or wrote a protected file, the judge must not
 * have allowed the line — in the default mode nor in bypassPermissions — and whenever it
 * allowed a line, bash must have run only allowed programs and written only where rules allow.
 */
let parser: BashParser
let scratch: BashScratch

beforeAll(async () => {
  parser = await loadBashParser()
  scratch = new BashScratch()
})
afterAll(() => {
  scratch.dispose()
})

const rules = {
  allow: [
    ...['Bash(alpha *)', 'Bash(beta *)', 'Bash(echo *)', 'Bash(printf *)', 'Bash(cd *)'],
    ...['Bash(cat *)', 'Bash(read *)', 'Bash(let *)', 'Bash(test *)', 'Bash(true)', 'Bash(sed *)'],
    'Edit(src/**)',
  ],
  deny: ['Bash(delta *)', 'Edit(protected/**)', 'Edit(~/.ssh/**)'],
}

const hidden = fc.constantFrom('$(delta)', '`delta`', '$(alpha)')
const quotedSubscript = hidden.map((inner) => `'a[${inner}]'`)
const arithmetic = fc.oneof(
  quotedSubscript.map((word) => `echo $(( ${word} ))`),
  quotedSubscript.map((word) => `x=${word}; echo $((x))`),
  quotedSubscript.map((word) => `[[ ${word} -eq 1 ]]`),
  quotedSubscript.map((word) => `[[ -v ${word} ]]`),
  quotedSubscript.map((word) => `[ -v ${word} ]`),
  quotedSubscript.map((word) => `printf -v ${word} %s x`),
  quotedSubscript.map((word) => `read ${word} <<< x`),
  quotedSubscript.map((word) => `let ${word}`),
  quotedSubscript.map((word) => `(( ${word} ))`),
  quotedSubscript.map((word) => `a[${word.slice(1, -1)}]=1 true`),
  fc.constantFrom('echo $((1 + 2))', '[[ 1 -eq 1 ]]', 'let 1+1', 'echo ${x:1:2}'),
)

const endLine = fc.constantFrom('E', ' E', 'E ', 'E;', 'E#', 'E\r', '\tE', 'EE', 'e')
const bodyLine = fc.constantFrom(
  ...['delta', 'alpha', '`delta`', '$(delta)', "'", "echo '", 'echo x > protected/h', '$x', 'E'],
)
const hereDocument = fc
  .tuple(
    fc.constantFrom('cat <<E', 'cat <<-E', "cat <<'E'", 'cat <<"E"', 'cat <<E | cat', 'alpha <<E'),
    fc.array(bodyLine, { maxLength: 3 }),
    endLine,
    fc.array(bodyLine, { maxLength: 3 }),
    fc.constantFrom('E', ''),
    fc.array(fc.constantFrom('delta', 'alpha', "'", "echo '", 'echo x > protected/after'), {
      maxLength: 3,
    }),
  )
  .map(([head, body, end, more, close, after]) =>
    [head, ...body, end, ...more, close, ...after].join('\n'),
  )

const move = fc.constantFrom(
  ...['cd protected', 'cd src', 'cd ..', 'cd ~', 'cd ~/.ssh', 'cd link-protected', 'cd /', 'cd -'],
  ...['cd "$HOME"', 'pushd protected', 'cd ../work/protected', '( cd protected )'],
)
const target = fc.constantFrom(
  ...['f', 'src/f', 'protected/f', 'dangling', 'link-protected/f', '~/.ssh/k', '"$HOME/.ssh/k"'],
  ...['${HOME}/.ssh/k', '~+/protected/f', 'work/protected/f', 'src/../protected/f', '"~"/f'],
)
const redirect = fc
  .tuple(
    fc.constantFrom('echo x >', 'echo x >>', 'printf x >|', 'true &>', 'cat < /dev/null >'),
    target,
  )
  .map(([head, file]) => `${head} ${file}`)
const paths = fc
  .tuple(fc.option(move, { nil: undefined }), fc.constantFrom(' && ', '; ', '\n'), redirect)
  .map(([cd, joiner, write]) => (cd === undefined ? write : `${cd}${joiner}${write}`))

const line = fc
  .array(fc.oneof(arithmetic, hereDocument, paths, fc.constantFrom('alpha x', 'beta', 'delta')), {
    minLength: 1,
    maxLength: 3,
  })
  .chain((parts) =>
    fc
      .array(fc.constantFrom('; ', ' && ', ' || ', '\n'), {
        minLength: parts.length,
        maxLength: parts.length,
      })
      .map((joins) =>
        parts
          .map((part, index) => (index === 0 ? part : `${joins[index] ?? '; '}${part}`))
          .join(''),
      ),
  )

function judge(text: string, mode: 'default' | 'bypassPermissions') {
  return checkPermission({
    parser,
    command: text,
    rules,
    mode,
    projectRoot: scratch.project,
    cwd: scratch.project,
    home: scratch.home,
  })
}

describe('the judge against bash: arithmetic, here-documents, cd and redirections', () => {
  it('never allows a line while bash runs a denied program or writes a protected file', () => {
    fc.assert(
      fc.property(line, (text) => {
        // Lines that would leave the scratch root are not run (a `cd /` then a write).
        if (/cd \/(\s|$)/.test(text) && /(^|[^<])>/.test(text)) return
        const outcome = scratch.run(text)
        const deniedRan = outcome.ran.some((entry) => entry.startsWith('delta'))
        const protectedWritten = outcome.wrote.some(
          (file) => file.includes('/protected/') || file.startsWith('home/.ssh/'),
        )
        const inDefault = judge(text, 'default')
        const inBypass = judge(text, 'bypassPermissions')
        const what = `${JSON.stringify(text)} ran ${JSON.stringify(outcome.ran)} wrote ${JSON.stringify(outcome.wrote)}`
        if (deniedRan || protectedWritten) {
          expect(inDefault.decision, `${what}: ${inDefault.reason}`).not.toBe('allow')
          expect(inBypass.decision, `${what}: ${inBypass.reason}`).not.toBe('allow')
        }
        if (inDefault.decision === 'allow') {
          for (const entry of outcome.ran) expect(entry, what).toMatch(/^(alpha|beta)\b/)
          for (const file of outcome.wrote) expect(file, what).toMatch(/\/work\/src\//)
        }
      }),
      propertyParameters(500),
    )
    // Each case starts bash and a few stub programs: generous on a loaded machine.
  }, 600_000)
})
