import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import { setOptionsHiding, shoptHiding } from './shell-options.js'

// SPEC §26: what changes how bash reads, expands or exports later commands hides a command.
describe('setOptionsHiding (SPEC §26, bash manual "The Set Builtin")', () => {
  it('hides allexport, which exports what a later read, for or printf -v sets', () => {
    expect(setOptionsHiding(words('set', '-a'))).toEqual([
      'set -a, which changes how bash reads later commands',
    ])
    expect(setOptionsHiding(words('set', '-eao', 'pipefail'))).toEqual([
      'set -eao, which changes how bash reads later commands',
    ])
    expect(setOptionsHiding(words('set', '-o', 'allexport'))).toEqual([
      'set -o allexport, which changes how bash reads later commands',
    ])
  })

  it('hides traps inherited by functions, physical cd, posix mode', () => {
    for (const option of [['-E'], ['-T'], ['-P'], ['-o', 'functrace'], ['-o', 'posix']]) {
      expect(setOptionsHiding(words('set', ...option)), option.join(' ')).not.toEqual([])
    }
  })

  it('lets the options that only stop, trace or list pass', () => {
    expect(setOptionsHiding(words('set', '-euo', 'pipefail'))).toEqual([])
    expect(setOptionsHiding(words('set', '-x', '+v', '-o', 'noclobber'))).toEqual([])
    expect(setOptionsHiding(words('set', '-o'))).toEqual([])
  })

  it('reads a name for each o of a bundle, as set.def does (-oo errexit keyword sets -k)', () => {
    expect(setOptionsHiding(words('set', '-oo', 'errexit', 'keyword'))).toEqual([
      'set -oo keyword, which changes how bash reads later commands',
    ])
    expect(setOptionsHiding(words('set', '-eoo', 'pipefail', 'keyword'))).toEqual([
      'set -eoo keyword, which changes how bash reads later commands',
    ])
    expect(setOptionsHiding(words('set', '+oo', 'errexit', 'posix'))).not.toEqual([])
    expect(setOptionsHiding(words('set', '-oeo', 'errexit', 'allexport'))).not.toEqual([])
    expect(setOptionsHiding(words('set', '-oo', 'errexit', undefined))).not.toEqual([])
    // Both names safe, or no word left for the second (it lists): nothing hidden.
    expect(setOptionsHiding(words('set', '-oo', 'errexit', 'pipefail', 'a'))).toEqual([])
    expect(setOptionsHiding(words('set', '-oo', 'errexit'))).toEqual([])
  })
})

describe('shoptHiding (SPEC §26, bash manual "The Shopt Builtin")', () => {
  it('reads bundled and separate flags as bash does: -qs, -s -q, -su set too', () => {
    for (const flags of [['-s'], ['-qs'], ['-sq'], ['-q', '-s'], ['-p', '-s'], ['-su']]) {
      expect(shoptHiding(words('shopt', ...flags, 'expand_aliases')), flags.join(' ')).toEqual([
        `shopt -${flags.join('').replaceAll('-', '')} expand_aliases, which changes how bash reads or runs later commands`,
      ])
    }
    expect(shoptHiding(words('shopt', '-s', '--', 'extglob'))).not.toEqual([])
    expect(shoptHiding(words('shopt', '-os', 'allexport'))).not.toEqual([])
    expect(shoptHiding(words('shopt', '-s', 'histappend', 'lastpipe'))).not.toEqual([])
  })

  it('hides words known only at run time and flags it cannot read', () => {
    expect(shoptHiding(words('shopt', '-s', undefined))).toEqual([
      'shopt words known only at run time',
    ])
    expect(shoptHiding(words('shopt', '-s', '--', undefined))).toEqual([
      'shopt -s …, which changes how bash reads or runs later commands',
    ])
    expect(shoptHiding(words('shopt', '-x', 'extglob'))).toEqual([
      'shopt -x, an option it cannot read',
    ])
  })

  it('lets listing, querying, safe options and unsetting what a script starts without pass', () => {
    expect(shoptHiding(words('shopt'))).toEqual([])
    expect(shoptHiding(words('shopt', '-q', 'expand_aliases'))).toEqual([])
    expect(shoptHiding(words('shopt', '-s'))).toEqual([])
    expect(shoptHiding(words('shopt', '-s', 'histappend', 'checkwinsize'))).toEqual([])
    expect(shoptHiding(words('shopt', '-u', 'expand_aliases', 'nullglob'))).toEqual([])
    expect(shoptHiding(words('shopt', '-os', 'pipefail'))).toEqual([])
    expect(shoptHiding(words('shopt', '-u', 'sourcepath'))).not.toEqual([])
  })
})
