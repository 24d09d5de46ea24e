import type { McpClient } from '../mcp-client.js'

/** Where a client keeps its mounts' close listeners: on the client, shared by every copy of this package. */
const listenersKey = Symbol.for('@toolpipe/mcp/client-closed')

type ClientWithListeners = McpClient & { [listenersKey]?: Set<() => void> }

/**
 * Calls `listener` when the client's connection closes (either side: `client.close()`, the
 * server's end of the transport, a child process that exits), until the returned function is
 * called.
 *
 * The SDK tells a client's owner through one `onclose` slot. The first mount of a client turns
 * that slot into an accessor: what the application sets (before or after) is still called first,
 * then every mount's listener; reading `client.onclose` gives the function that does both.
 */
export function onClientClosed(client: McpClient, listener: () => void): () => void {
  const holder = client as ClientWithListeners
  let listeners = holder[listenersKey]
  if (listeners === undefined) {
    const all = new Set<() => void>()
    listeners = all
    let ownHandler = holder.onclose
    const closed = (): void => {
      try {
        ownHandler?.()
      } finally {
        for (const each of [...all]) each()
      }
    }
    Object.defineProperty(holder, listenersKey, { value: all })
    Object.defineProperty(holder, 'onclose', {
      configurable: true,
      enumerable: true,
      get: () => closed,
      set: (handler: (() => void) | undefined) => {
        ownHandler = handler
      },
    })
  }
  const all = listeners
  all.add(listener)
  return () => {
    all.delete(listener)
  }
}
