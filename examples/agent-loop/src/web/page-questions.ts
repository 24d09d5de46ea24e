import { randomBytes } from 'node:crypto'
import type { WebAnswer, WebMessage } from './web-message.js'

/** A question the page is asked. */
export interface PageQuestion {
  readonly callId: string
  readonly question: string
  readonly reason?: string | undefined
  readonly signal?: AbortSignal | undefined
}

/**
 * The questions open on the page, each under a random id: the first answer decides, and
 * `cancelled` ends one whose signal aborts or that is still open when the server closes.
 */
export class PageQuestions {
  readonly #open = new Map<string, (answer: WebAnswer | 'cancelled') => void>()

  /** Publishes the question as an `ask` message and waits for its first answer. */
  ask(
    { callId, question, reason, signal }: PageQuestion,
    publish: (message: WebMessage) => void,
  ): Promise<WebAnswer | 'cancelled'> {
    if (signal?.aborted === true) return Promise.resolve('cancelled')
    const id = randomBytes(12).toString('base64url')
    return new Promise((resolve) => {
      const onAbort = (): void => {
        finish('cancelled')
      }
      const finish = (answer: WebAnswer | 'cancelled'): void => {
        this.#open.delete(id)
        signal?.removeEventListener('abort', onAbort)
        resolve(answer)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.#open.set(id, finish)
      publish({ kind: 'ask', id, callId, question, ...(reason === undefined ? {} : { reason }) })
    })
  }

  /** Answers the open question `id`; `false` when there is none (or it was answered already). */
  answer(id: string, answer: WebAnswer): boolean {
    const finish = this.#open.get(id)
    if (finish === undefined) return false
    finish(answer)
    return true
  }

  /** Ends every open question as `cancelled`. */
  cancelAll(): void {
    for (const finish of [...this.#open.values()]) finish('cancelled')
  }
}
