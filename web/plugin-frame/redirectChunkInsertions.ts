/**
 * Where a chunk's address leads: the address to load instead, `null` for a plugin's chunk that its
 * package does not hold (the insertion must fail), `undefined` for an element that is no plugin's.
 */
export type ChunkTarget = (address: string) => string | null | undefined

/**
 * Swaps the address of every `<script src>` and `<link rel=stylesheet href>` inserted into the document
 * (`appendChild`, `insertBefore`) before it is inserted, for as long as the document lives (webpack loads
 * chunks lazily). webpack inserts a container's chunks at addresses that name nothing here; `targetOf`
 * says what each one means. A chunk the package does not hold is not inserted and fires `error` instead,
 * as a failed load would, so webpack rejects that chunk's promise. `who` names the plugin in the console.
 */
export function redirectChunkInsertions(targetOf: ChunkTarget, who: string): void {
  const redirect = (node: Node): boolean => {
    let attribute: 'src' | 'href' | undefined
    if (node instanceof HTMLScriptElement && node.src) attribute = 'src'
    else if (node instanceof HTMLLinkElement && node.href && /stylesheet/i.test(node.rel)) attribute = 'href'
    if (!attribute) return true
    const element = node as HTMLScriptElement & HTMLLinkElement
    const address = element[attribute]
    const target = targetOf(address)
    if (target === undefined) return true
    if (target !== null) {
      element[attribute] = target
      return true
    }
    console.error(`Quire: ${who} asked for ${address}, which is not in its package`)
    setTimeout(() => element.dispatchEvent(new Event('error')), 0)
    return false
  }
  const append = Node.prototype.appendChild
  const insertBefore = Node.prototype.insertBefore
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    return redirect(node) ? (append.call(this, node) as T) : node
  }
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    return redirect(node) ? (insertBefore.call(this, node, child) as T) : node
  }
}
