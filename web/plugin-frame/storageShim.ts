import { MAX_FRAME_STORAGE_CHARS, type StorageArea } from '../core/plugins/runtime/frameProtocol'

/**
 * `localStorage` and `sessionStorage` for a module's frame. The frame has no allow-same-origin, so the
 * browser's own throw a SecurityError on first touch, and BrainDrive's plugins keep their UI state there
 * (Chat's library scopes, Chat With Docs in 28 places). These are synchronous stand-ins with the Storage
 * interface, seeded from what the host sent in the load message (the person's items for this plugin)
 * and installed before the plugin's code runs; every change is handed to `changed` with the whole
 * area, which the frame sends to the host to keep (frameStorage.ts on the page).
 *
 * Values are strings, as in the browser; the area's size is capped like the browser's quota, with the
 * same QuotaExceededError. Items are also readable and writable as properties (`localStorage.key = v`),
 * which some code does.
 */
export class ShimStorage {
  readonly #items: Map<string, string>
  readonly #changed: () => void

  constructor(seed: Record<string, string>, changed: () => void) {
    this.#items = new Map(
      Object.entries(seed).filter(
        (entry): entry is [string, string] => typeof entry[0] === 'string' && typeof entry[1] === 'string',
      ),
    )
    this.#changed = changed
  }

  get length(): number {
    return this.#items.size
  }

  key(index: number): string | null {
    return [...this.#items.keys()][Math.trunc(Number(index))] ?? null
  }

  getItem(key: string): string | null {
    return this.#items.get(String(key)) ?? null
  }

  setItem(key: string, value: string): void {
    const name = String(key)
    const text = String(value)
    if (this.#items.get(name) === text) return
    const size = this.#size() - this.#entrySize(name) + name.length + text.length
    if (size > MAX_FRAME_STORAGE_CHARS) {
      throw new DOMException(
        `Setting the value of '${name}' exceeded the quota of this plugin's storage.`,
        'QuotaExceededError',
      )
    }
    this.#items.set(name, text)
    this.#changed()
  }

  removeItem(key: string): void {
    if (this.#items.delete(String(key))) this.#changed()
  }

  clear(): void {
    if (this.#items.size === 0) return
    this.#items.clear()
    this.#changed()
  }

  /** The area's items, as the host keeps them. */
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.#items)
  }

  has(key: string): boolean {
    return this.#items.has(key)
  }

  #entrySize(name: string): number {
    const value = this.#items.get(name)
    return value === undefined ? 0 : name.length + value.length
  }

  #size(): number {
    let size = 0
    for (const [name, value] of this.#items) size += name.length + value.length
    return size
  }
}

const OWN = new Set<PropertyKey>(['length', 'key', 'getItem', 'setItem', 'removeItem', 'clear'])

/** The Storage object a plugin sees: ShimStorage's methods, and its items as properties too. */
export function storageObject(storage: ShimStorage): Storage {
  const method = (name: PropertyKey) => {
    const value: unknown = Reflect.get(storage, name, storage)
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(storage) : value
  }
  return new Proxy(storage, {
    get(_target, name) {
      if (OWN.has(name)) return method(name)
      if (name === Symbol.toStringTag) return 'Storage'
      // As the browser's: what every object has (toString, hasOwnProperty) wins over an item's name.
      if (name in Object.prototype) return Reflect.get(Object.prototype, name) as unknown
      if (typeof name === 'string' && storage.has(name)) return storage.getItem(name)
      return undefined
    },
    set(_target, name, value) {
      if (typeof name !== 'string' || OWN.has(name)) return false
      storage.setItem(name, String(value))
      return true
    },
    deleteProperty(_target, name) {
      if (typeof name === 'string') storage.removeItem(name)
      return true
    },
    has(_target, name) {
      return OWN.has(name) || (typeof name === 'string' && storage.has(name))
    },
    ownKeys() {
      return Object.keys(storage.snapshot())
    },
    getOwnPropertyDescriptor(_target, name) {
      if (typeof name !== 'string' || !storage.has(name)) return undefined
      return { value: storage.getItem(name), writable: true, enumerable: true, configurable: true }
    },
  }) as unknown as Storage
}

/**
 * Puts the two areas on `target` (the frame's window) in place of the browser's, which throw here.
 * `send` hears an area's whole content after its changes, at most once a task: a plugin that writes
 * in a loop sends one message.
 */
export function installStorageShim(
  target: object,
  seed: Record<StorageArea, Record<string, string>>,
  send: (area: StorageArea, items: Record<string, string>) => void,
): Record<StorageArea, ShimStorage> {
  const areas = {} as Record<StorageArea, ShimStorage>
  for (const area of ['local', 'session'] as const) {
    let pending = false
    const storage = new ShimStorage(seed[area], () => {
      if (pending) return
      pending = true
      setTimeout(() => {
        pending = false
        send(area, storage.snapshot())
      }, 0)
    })
    areas[area] = storage
    Object.defineProperty(target, `${area}Storage`, {
      value: storageObject(storage),
      configurable: true,
      enumerable: true,
      writable: false,
    })
  }
  return areas
}
