/** A request the test answers when it chooses. */
export interface PendingAnswer<TAnswer> {
  /** Stands for the request (an approval service's `request`, say): waits for {@link answer}. */
  readonly ask: () => Promise<TAnswer>
  /** Resolves once a request has arrived. */
  readonly asked: Promise<void>
  /** Answers the last request that arrived. */
  answer(value: TAnswer): void
}

/** A request the test answers later, once it has seen that it arrived (`asked`). */
export function pendingAnswer<TAnswer>(): PendingAnswer<TAnswer> {
  let resolveLast: (value: TAnswer) => void = () => undefined
  let arrived: () => void = () => undefined
  const asked = new Promise<void>((resolve) => (arrived = resolve))
  return {
    ask: () =>
      new Promise<TAnswer>((resolve) => {
        resolveLast = resolve
        arrived()
      }),
    asked,
    answer: (value) => {
      resolveLast(value)
    },
  }
}
