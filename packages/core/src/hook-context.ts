import type { ContentBlock } from './content-block.js'

/** Who a piece of context comes from, so plugin text is never mistaken for the user's words. */
export type MessageSource = { kind: 'user' } | { kind: 'plugin'; plugin: string }

/** Context a hook adds for the model's next request. */
export interface HookContext {
  content: ContentBlock[]
  source: MessageSource
}
