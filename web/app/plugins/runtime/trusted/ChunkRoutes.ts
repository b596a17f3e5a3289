/**
 * Which trusted container a chunk address belongs to. Each container loaded into Quire's page gets an
 * address of its own that names nothing (`<origin>/__quire-trusted/<n>/` + its bundle path) as the
 * `src` its webpack runtime reads for `publicPath: 'auto'`; the chunks it then asks for start with that
 * base, so an address is routed to the one container whose base it starts with, and to nothing else.
 */
export class ChunkRoutes {
  private readonly routes = new Map<string, (address: string) => string | undefined>()

  /** Routes addresses under `base` to `resolve` (the container's own files); answers the removal. */
  add(base: string, resolve: (address: string) => string | undefined): () => void {
    this.routes.set(base, resolve)
    return () => this.routes.delete(base)
  }

  /**
   * The blob: URL to load instead of `address`; `null` when the address is a container's but names no
   * file of its package (the insertion must fail); undefined when it is no container's (left alone).
   */
  target(address: string): string | null | undefined {
    for (const [base, resolve] of this.routes) {
      if (address.startsWith(base)) return resolve(address) ?? null
    }
    return undefined
  }
}

/** The base of the n-th container loaded into the page: an address under Quire's origin that names nothing. */
export function containerBase(origin: string, n: number): string {
  return `${origin}/__quire-trusted/${n}/`
}
