/**
 * The height a module's content needs, for the host to size its frame: how far below the root's top
 * its children reach (their bottom margins included). Not the root's own height: the root fills the
 * frame (`height: 100%`, so a module laid out at `height: 100%` takes the cell's height as in BrainDrive),
 * and measuring it would keep a frame at the tallest it ever was.
 */
export function contentHeight(root: Element): number {
  const top = root.getBoundingClientRect().top
  let bottom = top
  for (const child of Array.from(root.children)) {
    const margin = parseFloat(getComputedStyle(child).marginBottom) || 0
    bottom = Math.max(bottom, child.getBoundingClientRect().bottom + Math.max(0, margin))
  }
  return Math.max(0, bottom - top)
}

/**
 * Calls `report` with the content's height whenever it may have changed: the root or any of its
 * children resized, or the children changed. Answers a function that stops watching.
 */
export function watchContentHeight(root: Element, report: (height: number) => void): () => void {
  let last = -1
  const tell = () => {
    const height = contentHeight(root)
    if (height === last) return
    last = height
    report(height)
  }
  const sizes = new ResizeObserver(tell)
  const observeChildren = () => {
    sizes.disconnect()
    sizes.observe(root)
    for (const child of Array.from(root.children)) sizes.observe(child)
    tell()
  }
  const children = new MutationObserver(observeChildren)
  children.observe(root, { childList: true })
  observeChildren()
  return () => {
    sizes.disconnect()
    children.disconnect()
  }
}
