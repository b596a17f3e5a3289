/**
 * The terms of `sorted` (ascending in UTF-16 code unit order, JavaScript's default sort) within
 * `maxDistance` edits (Levenshtein: insert, delete, substitute one code unit, as MiniSearch's
 * `fuzzyGet` counts) of `query`, each with its distance, in table order.
 *
 * The sorted table is walked as a trie: terms sharing a prefix with the previous one reuse its rows
 * of the edit-distance matrix, and when every entry of a prefix's row exceeds `maxDistance` no term
 * with that prefix can match, so the whole run of them is skipped by a binary search. A query term
 * of 8 letters against the ~300k-term vocabulary of a million chunks visits a few thousand prefixes,
 * not every term.
 */
export function termsWithinEdits(
  sorted: readonly string[],
  query: string,
  maxDistance: number,
): Array<{ index: number; distance: number }> {
  const m = query.length
  const maxDepth = m + maxDistance
  const width = m + 1
  // rows[depth * width + j]: distance between the prefix's first `depth` units and query[0, j).
  const rows = new Int32Array((maxDepth + 1) * width)
  for (let j = 0; j <= m; j++) rows[j] = j
  const prefix = new Int32Array(maxDepth)
  const found: Array<{ index: number; distance: number }> = []
  let valid = 0 // rows 0..valid hold the distances for prefix[0, valid)
  let i = 0
  while (i < sorted.length) {
    const term = sorted[i]!
    let depth = 0
    const shared = Math.min(valid, term.length)
    while (depth < shared && term.charCodeAt(depth) === prefix[depth]) depth++
    valid = depth
    let prunedAt = -1
    while (depth < term.length) {
      if (depth >= maxDepth) {
        // Longer than the query plus every allowed edit: nothing with this prefix matches.
        prunedAt = depth + 1
        break
      }
      const unit = term.charCodeAt(depth)
      prefix[depth] = unit
      const above = depth * width
      const here = above + width
      rows[here] = depth + 1
      let best = depth + 1
      for (let j = 1; j <= m; j++) {
        const substitute = rows[above + j - 1]! + (query.charCodeAt(j - 1) === unit ? 0 : 1)
        const value = Math.min(substitute, rows[above + j]! + 1, rows[here + j - 1]! + 1)
        rows[here + j] = value
        if (value < best) best = value
      }
      depth++
      valid = depth
      if (best > maxDistance) {
        prunedAt = depth
        break
      }
    }
    if (prunedAt < 0) {
      const distance = rows[term.length * width + m]!
      if (distance <= maxDistance) found.push({ index: i, distance })
      i++
    } else {
      i = endOfPrefix(sorted, i, term.slice(0, prunedAt))
    }
  }
  return found
}

/** The first index after `from` whose term does not start with `prefix` (sorted[from] does). */
function endOfPrefix(sorted: readonly string[], from: number, prefix: string): number {
  let low = from + 1
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle]!.startsWith(prefix)) low = middle + 1
    else high = middle
  }
  return low
}
