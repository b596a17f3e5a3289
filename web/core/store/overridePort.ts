/**
 * The port with some of its methods replaced: a decorator (SyncedStore, a server's announcing
 * store) writes only the methods it changes, and every other call goes to the port itself, bound
 * (adapters keep private state), so nothing is forwarded by hand.
 */
export function overridePort<T extends object>(port: T, overrides: Partial<T>): T {
  return new Proxy(port, {
    get(target, name) {
      if (Object.hasOwn(overrides, name)) return overrides[name as keyof T]
      const value: unknown = Reflect.get(target, name)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}
