import picocolors from 'picocolors'

/** picocolors' formatters: every renderer takes them, so tests can pass colourless ones. */
export type Colors = ReturnType<typeof picocolors.createColors>

/**
 * The formatters for an output: `enabled` wins when given; otherwise picocolors' own rule for the
 * process (colour on a TTY, none with `NO_COLOR`, `--no-color` or `TERM=dumb`).
 */
export function colorsFor(enabled?: boolean): Colors {
  return picocolors.createColors(enabled ?? picocolors.isColorSupported)
}
