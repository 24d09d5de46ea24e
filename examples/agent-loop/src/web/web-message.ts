/**
 * What the demo's web page is sent, one server-sent event each, as JSON. Every string is shown
 * with `textContent` except `html`, which is a card fragment from `renderCardHtml` (escaped by
 * it, and the only markup the page inserts).
 */
export type WebMessage =
  | {
      readonly kind: 'session'
      readonly model: string
      readonly sandbox: string
      readonly tools: readonly string[]
    }
  | { readonly kind: 'user'; readonly text: string }
  | {
      readonly kind: 'step'
      readonly title: string
      readonly note?: string | undefined
      readonly text?: string | undefined
    }
  /** A call's card, pending or completed: it replaces the call's previous card. */
  | { readonly kind: 'card'; readonly callId: string; readonly html: string }
  | { readonly kind: 'progress'; readonly callId: string; readonly text: string }
  /** A question waiting for the person: the page shows Allow once / Always / Reject. */
  | {
      readonly kind: 'ask'
      readonly id: string
      readonly callId: string
      readonly question: string
      readonly reason?: string | undefined
    }
  /** How an ask ended (in this page, another one, or from memory), for the call. */
  | {
      readonly kind: 'answer'
      readonly callId: string
      readonly outcome: string
      readonly allowed: boolean
      readonly by: string
    }
  | { readonly kind: 'context'; readonly source: string; readonly text: string }
  | { readonly kind: 'end'; readonly text: string }

/** The answers the page's buttons send. */
export type WebAnswer = 'allow-once' | 'allow-always' | 'reject'
