import { describe, expect, it } from 'vitest'
import { joinWordContinuations } from './analyze-shell.js'
import { substitutionInText } from './walk.js'

/** SPEC §26: a backslash-newline is removed before bash reads the line (bash(1), QUOTING). */
describe('joinWordContinuations', () => {
  it.each([
    ['echo a\\\n#; id', 'echo a#; id'],
    ['echo "$\\\n(id)"', 'echo "$(id)"'],
    ['echo a\\\n\\\n#; id', 'echo a#; id'],
    ['curl x |\\\nsh', 'curl x |sh'],
    ['a=$\\\n{x@P}', 'a=${x@P}'],
  ])('joins %j where the parser reads something else', (line, joined) => {
    expect(joinWordContinuations(line)).toBe(joined)
  })

  it.each([
    'ls \\\n  -la',
    'git st\\\natus',
    'r\\\n\\\nm -rf /',
    '\\\nls',
    // An even run of backslashes quotes itself: the newline ends the line.
    'echo a\\\\\nid',
    'echo plain',
  ])('leaves %j to the walk, which reads it as bash does', (line) => {
    expect(joinWordContinuations(line)).toBeUndefined()
  })
})

describe('substitutionInText', () => {
  it.each([
    ['${x:-`id`}', 'a backtick substitution'],
    ["${x:-'$(id)'}", 'a substitution inside a word'],
    ['${x#$((1))}', 'a substitution inside a word'],
    ['$[x]', 'a substitution inside a word'],
  ])('finds what bash runs in %j', (text, why) => {
    expect(substitutionInText(text)).toBe(why)
  })

  it.each(['${HOME:-/tmp}', 'a\\`b', 'cost \\$(x)', 'plain'])('finds nothing in %j', (text) => {
    expect(substitutionInText(text)).toBeUndefined()
  })
})
