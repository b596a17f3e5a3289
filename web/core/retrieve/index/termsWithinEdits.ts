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
  const outside = maxDistance + 1
  for (let j = 0; j <= m; j++) rows[j] = Math.min(j, outside)
  const prefix = new Int32Array(maxDepth)
  const units = new Int32Array(m)
  for (let j = 0; j < m; j++) units[j] = query.charCodeAt(j)
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
      // Only the band |i - j| <= maxDistance can hold a distance within bounds (Ukkonen): cells
      // outside it count as maxDistance + 1, written at the band's two edges for the next row.
      const lo = Math.max(1, depth + 1 - maxDistance)
      const hi = Math.min(m, depth + 1 + maxDistance)
      rows[here] = Math.min(depth + 1, outside)
      if (lo > 1) rows[here + lo - 1] = outside
      let best = rows[here]!
      for (let j = lo; j <= hi; j++) {
        const substitute = rows[above + j - 1]! + (units[j - 1] === unit ? 0 : 1)
        const value = Math.min(substitute, rows[above + j]! + 1, rows[here + j - 1]! + 1)
        rows[here + j] = value
        if (value < best) best = value
      }
      if (hi < m) rows[here + hi + 1] = outside
      depth++
      valid = depth
      if (best > maxDistance) {
        prunedAt = depth
        break
      }
    }
    if (prunedAt < 0) {
      // Past the band the last cell was never written for this term: too far either way.
      const distance = Math.abs(term.length - m) > maxDistance ? outside : rows[term.length * width + m]!
      if (distance <= maxDistance) found.push({ index: i, distance })
      i++
    } else {
      i = endOfPrefix(sorted, i, prunedAt)
    }
  }
  return found
}

/**
 * The first index after `from` whose term does not start with sorted[from]'s first `length` units.
 * Most skipped runs are the term alone, so the next term is checked first; then galloping and a
 * binary search.
 */
function endOfPrefix(sorted: readonly string[], from: number, length: number): number {
  const prefix = sorted[from]!
  // Terms sharing the prefix are contiguous from `from`: gallop to a bound, then bisect.
  let shared = from
  let probe = from + 1
  let step = 1
  while (probe < sorted.length && startsWith(sorted[probe]!, prefix, length)) {
    shared = probe
    step *= 2
    probe = from + step
  }
  if (shared === from) return from + 1
  let low = shared + 1
  let high = Math.min(probe, sorted.length)
  while (low < high) {
    const middle = (low + high) >>> 1
    if (startsWith(sorted[middle]!, prefix, length)) low = middle + 1
    else high = middle
  }
  return low
}

/** Whether `term` starts with the first `length` units of `prefix`. */
function startsWith(term: string, prefix: string, length: number): boolean {
  if (term.length < length) return false
  for (let k = length - 1; k >= 0; k--) if (term.charCodeAt(k) !== prefix.charCodeAt(k)) return false
  return true
}
