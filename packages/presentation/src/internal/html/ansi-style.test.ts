import { describe, expect, it } from 'vitest'
import { applySgr, plainStyle, sameStyle } from './ansi-style.js'
import type { AnsiStyle } from './ansi-style.js'

const style = (changes: Partial<AnsiStyle>): AnsiStyle => ({ ...plainStyle, ...changes })

describe('applySgr', () => {
  it('turns attributes on and off, and 0 or nothing resets them all', () => {
    const bold = applySgr(plainStyle, '1;4;31;42')
    expect(bold).toEqual(style({ bold: true, underline: true, foreground: 1, background: 2 }))
    expect(applySgr(bold, '22;24;39;49')).toEqual(plainStyle)
    expect(applySgr(bold, '0')).toEqual(plainStyle)
    expect(applySgr(bold, '')).toEqual(plainStyle)
    expect(applySgr(plainStyle, '21')).toEqual(style({ underline: true }))
  })

  it('reads the bright colours as 8–15', () => {
    expect(applySgr(plainStyle, '91;107')).toEqual(style({ foreground: 9, background: 15 }))
  })

  it('maps 256-colour and RGB colours to the nearest of the 16, in semicolon and colon form', () => {
    expect(applySgr(plainStyle, '38;5;196')).toEqual(style({ foreground: 9 }))
    expect(applySgr(plainStyle, '38;5;3')).toEqual(style({ foreground: 3 }))
    // The lightest grey (238, 238, 238) is nearer xterm's white 7 than its bright white 15.
    expect(applySgr(plainStyle, '48;5;255')).toEqual(style({ background: 7 }))
    expect(applySgr(plainStyle, '38;2;0;0;238;1')).toEqual(style({ foreground: 4, bold: true }))
    expect(applySgr(plainStyle, '38:2::255:0:0')).toEqual(style({ foreground: 9 }))
    expect(applySgr(plainStyle, '48:5:232')).toEqual(style({ background: 0 }))
  })

  it('leaves the colour as it was for a colour it cannot read, and reads the parameters after it', () => {
    const red = style({ foreground: 1 })
    expect(applySgr(red, '38;5;256')).toEqual(red)
    expect(applySgr(red, '38;2;1;2')).toEqual(red)
    // An unknown colour mode takes nothing with it: 7 and 1 are read as inverse and bold.
    expect(applySgr(red, '38;7;1')).toEqual(style({ foreground: 1, inverse: true, bold: true }))
  })

  it('never changes the style it is given', () => {
    const before = style({ italic: true })
    applySgr(before, '0;1')
    expect(before).toEqual(style({ italic: true }))
  })
})

describe('sameStyle', () => {
  it('is true only when every attribute and colour is the same', () => {
    expect(sameStyle(style({ bold: true }), style({ bold: true }))).toBe(true)
    expect(sameStyle(style({ bold: true }), plainStyle)).toBe(false)
    expect(sameStyle(style({ foreground: 1 }), style({ background: 1 }))).toBe(false)
  })
})
