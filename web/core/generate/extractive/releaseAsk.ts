import { typedVersions } from './typedVersions'
import { VERSION_NUMBER } from './versionNumber'

/**
 * What a question asks of a changelog: the changes of one release ("what changed in 3.0.0", "whats new
 * in version 2", "what was fixed in 1.4", "new features in the latest release"), and which kind of
 * change where it names one ("fixed": the release's "Bug Fixes").
 */
export interface ReleaseAsk {
  /** The release as typed ("3.0.0", "1.4", "v2"), or `latest` for the newest one. */
  version: string
  /** A section of the release's notes the ask names ("Bug Fixes", "Added"), null for all of them. */
  section: RegExp | null
  /** The release before (-1) or after (1) the one named ("the release before 2.2.1"), else 0. */
  shift: number
}

/**
 * Words that ask what a release changed: its changes, what is new, added, fixed, removed in it, what
 * happened in it ("what happened in 2.2.1").
 */
const CHANGE_ASK =
  /\b(?:chang(?:e|es|ed)|happen(?:s|ed)?|updat(?:e|es|ed)|new|add(?:ed|s)?|fix(?:es|ed)?|remov(?:e|ed|es)|deprecat\w*|features?|improvements?|breaking|release\s+notes|changelog|differen\w*)\b/iu
/** A when/who/how-many question asks something of the release, not its list of changes. */
const NOT_A_LIST = /^(?:when|who|whom|whose|where|why|how\s+(?:many|much|long|old))\b/iu
/** "the latest version", "the most recent release", "the latest csvkit release": the newest of the changelog. */
const LATEST =
  /\b(?:latest|newest|most\s+recent|last|current)\s+(?:[\p{L}\p{N}.-]+\s+)?(?:version|release|update)\b/iu
/** "version 3", "release 2": a number after the word, which `typedVersions` leaves to a quantity. */
const NAMED_NUMBER = /\b(?:version|release|v)\s*(\d+)\b(?!\.\d)/iu
/** "the release before 2.2.1", "the version after v3": the one next to a release named. */
const BESIDE = /\b(?:release|version|one)\s+(before|after)\s+v?(\d+(?:\.\d+)*)\b/iu
/** "in 1.4", "in python 3.12": two parts after a preposition (and a name), in a question about changes. */
const AFTER_PREPOSITION = /\b(?:in|of|for|since|to)\s+(?:\p{L}[\p{L}-]*\s+)?v?(\d+\.\d+)\b(?!\.\d|%)/iu

/** The kinds of change a changelog files its entries under, and the words that ask for each. */
const SECTIONS: ReadonlyArray<[RegExp, RegExp]> = [
  [/\bfix(?:es|ed)?\b|\bbugs?\b/iu, /\bfix|\bbug/iu],
  [/\bremov(?:e|ed|es)\b|\bdeprecat\w*/iu, /\bremov|\bdeprecat/iu],
  [/\bbreaking\b/iu, /\bbreaking/iu],
  [/\bsecurity\b/iu, /\bsecurity/iu],
  // "What's new" asks for every change; "the new features", what was added.
  [/\badd(?:ed|s)?\b|\bfeatures?\b/iu, /\badd|\bnew\b|\bfeature|\benhancement/iu],
]

/** The release a question asks the changes of; null when it asks no such thing. */
export function releaseAsk(ask: string): ReleaseAsk | null {
  const text = ask.replace(/\s+/gu, ' ').trim()
  if (!CHANGE_ASK.test(text) || NOT_A_LIST.test(text)) return null
  const section = SECTIONS.find(([asked]) => asked.test(text))?.[1] ?? null
  const beside = besideRelease(text)
  if (beside) return { ...beside, section }
  const version = LATEST.test(text)
    ? 'latest'
    : (typedVersions(text)[0]?.replace(/^v(?=\d+\.)/u, '') ??
      (NAMED_NUMBER.exec(text)?.[1] ? `v${NAMED_NUMBER.exec(text)![1]}` : null) ??
      AFTER_PREPOSITION.exec(text)?.[1] ??
      null)
  if (version === null) return null
  return { version, section, shift: 0 }
}

/** "the release before 2.2.1", "the version after v3": the release named and the step from it; null for none. */
export function besideRelease(text: string): { version: string; shift: number } | null {
  const beside = BESIDE.exec(text)
  return beside ? { version: beside[2]!, shift: beside[1]!.toLowerCase() === 'before' ? -1 : 1 } : null
}

/** The parts of a version as numbers ("3.0.0": [3, 0, 0]); "x" and anything else ends them. */
function parts(version: string): number[] {
  const result: number[] = []
  for (const part of version.replace(/^v/iu, '').split('.')) {
    if (!/^\d+$/u.test(part)) break
    result.push(Number(part))
  }
  return result
}

/** Words a release's heading may print beside its number: a date's, and a release's state. */
const RELEASE_WORDS =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|unreleased|released|yanked|alpha|beta|rc|preview|lts|stable|final)\b/giu
/** Words that number a part of a document, not a release: "Section 3.2", "Table 4.1". */
const PART_WORDS =
  /^(?:section|sect|chapter|ch|part|table|figure|fig|appendix|step|article|rule|page|item|clause)$/iu

/**
 * The release a heading's level names, or null: a version after "Version", "Release", "v" or a bracket
 * ("Version 3.0.0, 2022-12-22", "[1.4.0] - 2023-03-02", "v2.1", "Major changes in v5"), or alone or after
 * a name, with at most a date or a release's state beside it ("1.4.0", "pypdf 3.0.0", "2.11.0 (September
 * 25, 2022)"). A numbered section ("3.2 Trace Trees", "4.4.3. Content Change Requirements", "Section 3.2")
 * is none.
 */
export function headingRelease(level: string): string | null {
  const match = VERSION_NUMBER.exec(level) ?? MAJOR_VERSION.exec(level)
  if (!match) return null
  const before = level.slice(0, match.index).trim()
  const after = level.slice(match.index + match[0].length).replace(RELEASE_WORDS, ' ')
  const named = /(?:\bversion|\brelease|\[)\s*$/iu.test(before) || /^v/iu.test(match[0])
  const words = before.split(/\s+/u).filter((word) => /\p{L}/u.test(word))
  const alone = words.length <= 1 && !PART_WORDS.test(words[0] ?? '') && !/\p{L}{2,}/u.test(after)
  return named || alone ? match[0].replace(/^v/iu, '') : null
}

/** A major version alone, after its "v": a README's "Major changes in v5". */
const MAJOR_VERSION = /\bv\d+\b(?!\.\d)/iu

/** Where a heading path names a release: its levels, the level naming it, and the release. */
export interface ReleaseLevel {
  levels: string[]
  at: number
  release: string
}

/**
 * The first level of a heading path that names a release ("Changelog > Version 3.0.0, 2022-12-22 >
 * New Features": its second); null for none.
 */
export function releaseLevel(heading: string | null | undefined): ReleaseLevel | null {
  const levels = (heading ?? '').split(' > ').map((level) => level.trim())
  const at = levels.findIndex((level) => headingRelease(level) !== null)
  return at < 0 ? null : { levels, at, release: headingRelease(levels[at]!)! }
}

/**
 * Of the releases a changelog's headings name, the one asked: the same number, or with its missing
 * parts zero ("1.4" is 1.4.0, "v2" is 2.0.0), else the newest of its series ("1.4": 1.4.3); for
 * `latest`, the newest of all; with a `shift`, the release before (-1) or after (1) that one by number.
 * Null when none is.
 */
export function askedRelease(asked: string, releases: readonly string[], shift = 0): string | null {
  const named = namedRelease(asked, releases)
  if (named === null || shift === 0) return named
  // The release before or after it, in the order of their numbers.
  const ordered = [...new Set(releases)].sort((a, b) => compare(parts(a), parts(b)))
  return ordered[ordered.indexOf(named) + shift] ?? null
}

function namedRelease(asked: string, releases: readonly string[]): string | null {
  const newest = (among: readonly string[]) =>
    [...among].sort((a, b) => compare(parts(b), parts(a)))[0] ?? null
  if (asked === 'latest') return newest(releases)
  const want = parts(asked)
  if (want.length === 0) return null
  const series = releases.filter((release) => {
    const have = parts(release)
    return want.every((part, i) => have[i] === part)
  })
  const same = series.find((release) => parts(release).every((part, i) => part === (want[i] ?? 0)))
  return same ?? newest(series)
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0)
    if (difference !== 0) return difference
  }
  return 0
}
