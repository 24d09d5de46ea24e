// The 16-colour palette that 256-colour and RGB colours are mapped to (xterm's defaults).

/** A colour channel or palette index, 0–255, or `undefined` for anything else. */
export function byte(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,3}$/.test(value)) return undefined
  const number = Number(value)
  return number <= 255 ? number : undefined
}

/** xterm's default 16 colours. */
const basic: readonly (readonly [number, number, number])[] = [
  [0, 0, 0],
  [205, 0, 0],
  [0, 205, 0],
  [205, 205, 0],
  [0, 0, 238],
  [205, 0, 205],
  [0, 205, 205],
  [229, 229, 229],
  [127, 127, 127],
  [255, 0, 0],
  [0, 255, 0],
  [255, 255, 0],
  [92, 92, 255],
  [255, 0, 255],
  [0, 255, 255],
  [255, 255, 255],
]

/** A 256-colour index as one of the 16: the cube (16–231) and the greys (232–255) by nearness. */
export function paletteIndex(index: number): number {
  if (index < 16) return index
  if (index >= 232) {
    const grey = 8 + (index - 232) * 10
    return nearestBasic(grey, grey, grey)
  }
  const cube = index - 16
  const level = (step: number): number => (step === 0 ? 0 : 55 + step * 40)
  return nearestBasic(
    level(Math.floor(cube / 36)),
    level(Math.floor(cube / 6) % 6),
    level(cube % 6),
  )
}

/** The nearest of the 16 colours to an RGB colour (squared distance). */
export function nearestBasic(red: number, green: number, blue: number): number {
  let best = 0
  let bestDistance = Number.POSITIVE_INFINITY
  basic.forEach(([r, g, b], index) => {
    const distance = (r - red) ** 2 + (g - green) ** 2 + (b - blue) ** 2
    if (distance < bestDistance) {
      best = index
      bestDistance = distance
    }
  })
  return best
}
