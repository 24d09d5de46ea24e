import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'

/** A registry of one shown tool and three deferred ones, and what each call ran. */
export interface DeferredShop {
  readonly registry: ToolRegistry
  /** `name(id)` of every body that ran, in order. */
  readonly ran: string[]
}

/**
 * The adapters' tool-search turn (SPEC §24): `lookup_order` is shown from the start;
 * `stripe_create_refund`, `maps_geocode` and `slack_post_message` are deferred, found by a
 * search. Each takes `{ id }` and answers `<name> done for <id>`.
 */
export function deferredShop(): DeferredShop {
  const registry = createToolRegistry()
  const ran: string[] = []
  const tool = (name: string, description: string, deferLoading: boolean) =>
    defineTool({
      name,
      description,
      parameters: { id: { type: 'string', required: true } },
      deferLoading,
      execute: ({ id }) => {
        ran.push(`${name}(${id})`)
        return [{ type: 'text', text: `${name} done for ${id}` }]
      },
    })
  registry.register(tool('lookup_order', 'Look up an order by its id.', false))
  registry.register(tool('stripe_create_refund', 'Refund a charge, fully or in part.', true))
  registry.register(tool('maps_geocode', 'Convert an address into geographic coordinates.', true))
  registry.register(tool('slack_post_message', 'Post a message to a Slack channel.', true))
  return { registry, ran }
}
