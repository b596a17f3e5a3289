/**
 * Semantic versions as semver.org defines them (2.0.0), for plugin versions, required service
 * versions and update checks. A leading `v` is accepted because release tags (`v1.2.0`) are where
 * update checks read versions from; build metadata (`+...`) is parsed and ignored in comparisons.
 */

export interface Semver {
  major: number
  minor: number
  patch: number
  pre: string[]
}

// Numeric parts have no leading zeros; pre-release identifiers likewise when purely numeric.
const NUMERIC = '0|[1-9]\\d*'
const PRE_ID = `(?:${NUMERIC}|\\d*[A-Za-z-][0-9A-Za-z-]*)`
const SEMVER = new RegExp(
  `^[vV]?(${NUMERIC})\\.(${NUMERIC})\\.(${NUMERIC})` +
    `(?:-(${PRE_ID}(?:\\.${PRE_ID})*))?` +
    `(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?$`,
)

/** The parts of a semantic version, or undefined when `v` is not one. */
export function parseSemver(v: string): Semver | undefined {
  const parts = readParts(v)
  if (!parts) return undefined
  return {
    major: Number(parts.major),
    minor: Number(parts.minor),
    patch: Number(parts.patch),
    pre: parts.pre,
  }
}

export function isSemver(v: string): boolean {
  return readParts(v) !== undefined
}

/**
 * <0 when a is older than b, 0 when equal in precedence, >0 when newer. A version that is not
 * semantic sorts below every semantic one (two such compare equal), so a garbled "latest version"
 * from an update source never looks like an update.
 */
export function compareSemver(a: string, b: string): number {
  const x = readParts(a)
  const y = readParts(b)
  if (!x || !y) return (x ? 1 : 0) - (y ? 1 : 0)
  return (
    compareDigits(x.major, y.major) ||
    compareDigits(x.minor, y.minor) ||
    compareDigits(x.patch, y.patch) ||
    comparePre(x.pre, y.pre)
  )
}

interface Parts {
  major: string
  minor: string
  patch: string
  pre: string[]
}

// Kept as digit strings so versions beyond Number.MAX_SAFE_INTEGER still compare exactly.
function readParts(v: string): Parts | undefined {
  if (typeof v !== 'string' || v.length > 256) return undefined
  const m = SEMVER.exec(v)
  if (!m || m[1] === undefined || m[2] === undefined || m[3] === undefined) return undefined
  return { major: m[1], minor: m[2], patch: m[3], pre: m[4] === undefined ? [] : m[4].split('.') }
}

/** Compares non-negative integers written without leading zeros. */
function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length
  return a < b ? -1 : a > b ? 1 : 0
}

// semver.org 11: a version without pre-release outranks one with; identifiers compare left to
// right, numeric ones numerically and below alphanumeric ones, which compare in ASCII order; a
// longer list wins when all shared identifiers are equal.
function comparePre(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return b.length - a.length
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string
    const y = b[i] as string
    const xNum = /^\d+$/.test(x)
    const yNum = /^\d+$/.test(y)
    let c: number
    if (xNum && yNum) c = compareDigits(x, y)
    else if (xNum !== yNum) c = xNum ? -1 : 1
    else c = x < y ? -1 : x > y ? 1 : 0
    if (c !== 0) return c
  }
  return a.length - b.length
}
