/** One tool call of a scripted model step, as a framework's mock model is told to make it. */
export interface ScriptedCall {
  readonly id: string
  /** The name the model uses (letters, digits and `_`: what every framework accepts). */
  readonly name: string
  readonly input: Record<string, unknown>
}

/**
 * The turn every adapter's end-to-end test plays with its framework's own mock model (SPEC §14):
 * three calls in one step (one invalid, one a guard denies, one a person approves), then the
 * invalid one corrected, then the answer; and what the model must read back after each step, as
 * text, and what the pipeline's observers must have recorded.
 *
 * @param removeFile - the name the harness registered its remover under (see `harness()`)
 */
export function endToEndTurn(removeFile = 'remove_file') {
  const steps: readonly (readonly ScriptedCall[])[] = [
    [
      { id: 'call_1', name: 'read_file', input: { file: 'a.txt' } },
      { id: 'call_2', name: 'shell', input: { command: 'rm -rf build' } },
      { id: 'call_3', name: 'remove_file', input: { path: 'old.txt' } },
    ],
    [{ id: 'call_4', name: 'read_file', input: { path: 'a.txt' } }],
  ]
  return {
    steps,
    /** The model's answer after the last tool step. */
    answer: 'done',
    /** What the model reads after each tool step, by call id: the text of each result. */
    readBack: [
      {
        call_1: 'Error: invalid arguments: missing required property "path"',
        call_2: `Error: deleting with the shell is not allowed; use ${removeFile}`,
        call_3: 'removed old.txt',
      },
      { call_4: 'contents of a.txt' },
    ] as const,
    /** The pipeline's verdict on each call, in order: its error code, none for a success. */
    codes: [
      ['call_1', 'INVALID_ARGS'],
      ['call_2', 'GUARD_DENIED'],
      ['call_3', undefined],
      ['call_4', undefined],
    ] as const,
    /** What the approval service was asked, once. */
    approval: {
      toolName: removeFile,
      callId: 'call_3',
      reason: 'removes a file',
      view: { card: 'generic', title: 'Remove old.txt' },
    },
  }
}
