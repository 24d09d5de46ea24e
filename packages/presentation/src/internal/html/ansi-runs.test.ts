import { describe, expect, it } from 'vitest'
import type { AnsiRun } from './ansi-runs.js'
import { ansiRuns } from './ansi-runs.js'
import { plainStyle } from './ansi-style.js'
import type { AnsiStyle } from './ansi-style.js'

const styled = (text: string, style: Partial<AnsiStyle> = {}): AnsiRun => ({
  text,
  style: { ...plainStyle, ...style },
})
/** The text of the runs, joined: what a reader sees. */
const visible = (output: string): string =>
  ansiRuns(output)
    .map(({ text }) => text)
    .join('')

describe('ansiRuns', () => {
  it('reads text without sequences as one plain run, and nothing as no run', () => {
    expect(ansiRuns('hello <b>\nworld')).toEqual([styled('hello <b>\nworld')])
    expect(ansiRuns('')).toEqual([])
  })

  it('sets and resets styles with SGR, merging runs of the same style', () => {
    expect(ansiRuns('a\u001b[1;31mb\u001b[22mc\u001b[0md\u001b[mx')).toEqual([
      styled('a'),
      styled('b', { bold: true, foreground: 1 }),
      styled('c', { foreground: 1 }),
      styled('dx'),
    ])
    expect(ansiRuns('\u001b[31ma\u001b[31mb')).toEqual([styled('ab', { foreground: 1 })])
  })

  it('reads every attribute it knows, and turns each off again', () => {
    const on = '\u001b[1;2;3;4;7;9m'
    expect(ansiRuns(`${on}x`)).toEqual([
      styled('x', {
        bold: true,
        dim: true,
        italic: true,
        underline: true,
        inverse: true,
        strike: true,
      }),
    ])
    expect(ansiRuns(`${on}\u001b[22;23;24;27;29mx`)).toEqual([styled('x')])
    expect(ansiRuns('\u001b[21mx')).toEqual([styled('x', { underline: true })])
  })

  it('reads the 16 colours, bright ones and defaults, foreground and background', () => {
    expect(ansiRuns('\u001b[37;40ma\u001b[90;107mb\u001b[97;100mc\u001b[39;49md')).toEqual([
      styled('a', { foreground: 7, background: 0 }),
      styled('b', { foreground: 8, background: 15 }),
      styled('c', { foreground: 15, background: 8 }),
      styled('d'),
    ])
  })

  it('maps 256-colour and RGB colours to the nearest of the 16, in semicolon and colon form', () => {
    expect(ansiRuns('\u001b[38;5;9ma')).toEqual([styled('a', { foreground: 9 })])
    expect(ansiRuns('\u001b[38;5;196ma')).toEqual([styled('a', { foreground: 9 })])
    expect(ansiRuns('\u001b[48;5;232ma')).toEqual([styled('a', { background: 0 })])
    expect(ansiRuns('\u001b[38;5;255ma')).toEqual([styled('a', { foreground: 7 })])
    expect(ansiRuns('\u001b[38;2;0;200;0;1ma')).toEqual([
      styled('a', { foreground: 2, bold: true }),
    ])
    expect(ansiRuns('\u001b[38:2::0:0:238ma')).toEqual([styled('a', { foreground: 4 })])
    expect(ansiRuns('\u001b[38:2:250:250:250ma')).toEqual([styled('a', { foreground: 15 })])
    expect(ansiRuns('\u001b[48:5:21ma')).toEqual([styled('a', { background: 4 })])
    // Out of range or malformed: ignored, and the parameters after it still count.
    expect(ansiRuns('\u001b[38;5;256;1ma')).toEqual([styled('a', { bold: true })])
    expect(ansiRuns('\u001b[38;2;1;2ma')).toEqual([styled('a')])
    expect(ansiRuns('\u001b[38;7;1ma')).toEqual([styled('a', { inverse: true, bold: true })])
  })

  it('shows concealed and blinking text', () => {
    expect(ansiRuns('\u001b[5;8mhidden')).toEqual([styled('hidden')])
  })

  it('drops OSC 8 hyperlinks and keeps their text, whatever the terminator', () => {
    expect(visible('\u001b]8;;javascript:alert(1)\u001b\\click\u001b]8;;\u001b\\ here')).toBe(
      'click here',
    )
    expect(visible('\u001b]8;id=x;https://evil.example\u0007shown\u001b]8;;\u0007')).toBe('shown')
    expect(visible('\u009d8;;https://evil.example\u009cshown\u009d8;;\u009c')).toBe('shown')
  })

  it('drops every other OSC, DCS, SOS, PM and APC string', () => {
    expect(visible('a\u001b]0;title\u0007b')).toBe('ab')
    expect(visible('a\u001b]52;c;Y2xpcA==\u001b\\b')).toBe('ab')
    expect(visible('a\u001bP+q544e\u001b\\b')).toBe('ab')
    expect(visible('a\u001bXsos\u001b\\b\u001b^pm\u001b\\c\u001b_Gf=1;x\u001b\\d')).toBe('abcd')
    expect(visible('a\u0090dcs\u009cb\u0098x\u009cc\u009ey\u009cd\u009fz\u009ce')).toBe('abcde')
  })

  it('ends a string at CAN, SUB or another ESC, and an unterminated one at the end', () => {
    expect(visible('a\u001b]0;t\u0018b\u001b]0;t\u001ac')).toBe('abc')
    expect(visible('a\u001b]0;t\u001b[31mb')).toBe('ab')
    expect(ansiRuns('a\u001b]0;t\u001b[31mb')).toEqual([
      styled('a'),
      styled('b', { foreground: 1 }),
    ])
    expect(visible('a\u001b]8;;https://example.com')).toBe('a')
    // BEL ends only an OSC: in a DCS it is part of the string.
    expect(visible('a\u001bPx\u0007y\u001b\\b')).toBe('ab')
  })

  it('drops control sequences other than SGR: cursor moves, erasing, private modes', () => {
    expect(visible('a\u001b[2J\u001b[H\u001b[1A\u001b[2K\u001b[10;20Hb')).toBe('ab')
    expect(visible('a\u001b[?1049h\u001b[?25lb\u001b[>4;1m\u001b[=5uc')).toBe('abc')
    expect(ansiRuns('\u001b[?1mx\u001b[1 mx')).toEqual([styled('xx')])
  })

  it('drops an interrupted or cut-off control sequence and reads the character that interrupted it', () => {
    expect(visible('a\u001b[31\nb')).toBe('a\nb')
    expect(ansiRuns('a\u001b[1\u001b[32mb')).toEqual([styled('a'), styled('b', { foreground: 2 })])
    expect(visible('a\u001b[')).toBe('a')
    expect(visible('a\u001b[12;')).toBe('a')
    expect(visible('a\u009b')).toBe('a')
  })

  it('drops two- and three-byte escapes and other C1 controls', () => {
    expect(visible('a\u001b7b\u001b8c\u001bcd\u001b=e\u001b(Bf\u001b(0g\u001b#8h')).toBe('abcdefgh')
    expect(visible('a\u001b')).toBe('a')
    expect(visible('a\u001b\u001b\nb')).toBe('a\nb')
    expect(visible('a\u0085b\u009cc\u0084d')).toBe('abcd')
  })

  it('reads \\r\\n and a lone \\r as line ends, and keeps other C0 controls for the escaper', () => {
    expect(visible('a\r\nb\rc\r')).toBe('a\nb\nc\n')
    expect(visible('a\u0007b\bc\td')).toBe('a\u0007b\bc\td')
  })

  it('stays linear on hostile input', () => {
    const many = '\u001b['.repeat(100_000) + '\nx' + '\u001b[38;5'.repeat(10_000) + ';1my'
    expect(ansiRuns(many)).toEqual([styled('\nx'), styled('y', { foreground: 1 })])
    const parameters = `\u001b[${'1;'.repeat(200_000)}31mz`
    expect(ansiRuns(parameters)).toEqual([styled('z', { bold: true, foreground: 1 })])
  })
})
