import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import type { McpClient } from '../mcp-client.js'

/** Where a client keeps its mounts' listeners: on the client, shared by every copy of this package. */
const listenersKey = Symbol.for('@toolpipe/mcp/tools-list-changed')

type ClientWithListeners = McpClient & { [listenersKey]?: Set<() => void> }

/**
 * Calls `listener` on each `notifications/tools/list_changed` the client receives, until the
 * returned function is called. The SDK holds one handler per notification method, so the handler
 * installed here fans out to every mount of the client (several mounts of one server, into
 * several scopes, all hear it); it replaces a handler set before, and each new mount installs it
 * again in case one was set since.
 */
export function onToolsListChanged(client: McpClient, listener: () => void): () => void {
  const holder = client as ClientWithListeners
  let listeners = holder[listenersKey]
  if (listeners === undefined) {
    listeners = new Set()
    Object.defineProperty(holder, listenersKey, { value: listeners })
  }
  const all = listeners
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    for (const each of [...all]) each()
  })
  all.add(listener)
  return () => {
    all.delete(listener)
  }
}
