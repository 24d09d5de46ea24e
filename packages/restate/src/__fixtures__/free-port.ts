import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

/**
 * `count` distinct TCP ports on 127.0.0.1 that were free a moment ago: the operating system
 * picks them (listen on port 0), and they are all held open together so that none repeats.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer()
          server.once('error', reject)
          server.listen(0, '127.0.0.1', () => {
            resolve(server)
          })
        }),
    ),
  )
  const ports = servers.map((server) => (server.address() as AddressInfo).port)
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => {
            resolve()
          })
        }),
    ),
  )
  return ports
}
