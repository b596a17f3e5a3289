import net from 'node:net'
import tls from 'node:tls'
import { vi } from 'vitest'

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost|[a-z0-9.-]+\.test)$/i

/**
 * A safety net for tests of the outbound policy: every socket this process opens goes through
 * `net.connect` / `tls.connect` (undici's too), and from now on one to anything but this machine
 * (127.x, ::1, localhost, or a `.test` name a test's own lookup maps to 127.0.0.1) is recorded and
 * refused before it connects. So a test of a private or metadata address can assert the policy
 * refused it without the test ever reaching that address, even when the policy is broken.
 */
export function guardConnections(): { attempts: string[]; restore(): void } {
  const attempts: string[] = []
  const guard = <T extends (...args: never[]) => unknown>(connect: T): T =>
    ((...args: Parameters<T>) => {
      const [first, second] = args as unknown[]
      const host =
        typeof first === 'object' && first !== null
          ? String((first as { host?: unknown }).host ?? 'localhost')
          : typeof second === 'string'
            ? second
            : 'localhost'
      if (
        (typeof first === 'object' &&
          first !== null &&
          'path' in first &&
          (first as { path?: unknown }).path) ||
        LOOPBACK.test(host)
      )
        return connect(...args)
      attempts.push(host)
      throw new Error(`test guard: no connection to ${host} (only this machine may be contacted)`)
    }) as T
  // The originals are taken before the spies replace them (a spy calling itself would never end).
  const originals = {
    connect: net.connect.bind(net),
    createConnection: net.createConnection.bind(net),
    tlsConnect: tls.connect.bind(tls),
  }
  const spies = [
    vi.spyOn(net, 'connect').mockImplementation(guard(originals.connect) as typeof net.connect),
    vi
      .spyOn(net, 'createConnection')
      .mockImplementation(guard(originals.createConnection) as typeof net.createConnection),
    vi.spyOn(tls, 'connect').mockImplementation(guard(originals.tlsConnect) as typeof tls.connect),
  ]
  return { attempts, restore: () => spies.forEach((spy) => spy.mockRestore()) }
}
