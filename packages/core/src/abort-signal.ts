/*
 * toolpipe's public types mention `AbortSignal` (a call's cancellation signal), which TypeScript
 * only declares with DOM or Node typings. This declaration lets a project compiled with neither
 * (`lib: ["es2022"], types: []`) use our types; where the real declaration exists, this one
 * merges into it (with the same member type) and changes nothing.
 */
declare global {
  /** A cancellation signal: the Web platform's and Node's `AbortSignal`. */
  interface AbortSignal {
    readonly aborted: boolean
  }
}

export {}
