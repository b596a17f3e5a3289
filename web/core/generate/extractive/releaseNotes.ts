import { BULLET } from '../../ingest/chunk/bullet'
import type { AnswerSource } from '../AnswerGenerator'
import { askedRelease, type ReleaseAsk, type ReleaseLevel, releaseLevel } from './releaseAsk'

/** Entries quoted at most: a long release's notes end with how many more there are. */
const MAX_ENTRIES = 12

/** A passage under a release's heading. */
interface Released extends ReleaseLevel {
  source: AnswerSource
}

/** A release's notes: its heading, and its entries by section ('' for those under the heading itself). */
export interface ReleaseEntries {
  title: string
  sections: Map<string, { entries: string[]; cited: Set<number> }>
}

/** The passages of `sources` under a release's heading, in their order. */
export function releasesIn(sources: readonly AnswerSource[]): Released[] {
  const released: Released[] = []
  for (const source of sources) {
    const level = releaseLevel(source.heading)
    if (level) released.push({ source, ...level })
  }
  return released
}

/**
 * The entries the passages under `release`'s heading list (of the first document that has it), by the
 * section they are filed under, each once (passages overlap), with the passages that hold them; null
 * when no passage is under it.
 */
export function releaseEntries(sources: readonly AnswerSource[], release: string): ReleaseEntries | null {
  const released = releasesIn(sources)
  const first = released.find((entry) => entry.release === release)
  if (!first) return null
  const under = released.filter(
    (entry) => entry.release === release && entry.source.document_id === first.source.document_id,
  )
  const sections = new Map<string, { entries: string[]; cited: Set<number> }>()
  for (const { source, levels, at } of under) {
    const section = levels.slice(at + 1).join(' > ')
    const headings = new Set(levels)
    const entry = sections.get(section) ?? { entries: [], cited: new Set<number>() }
    sections.set(section, entry)
    const lines = source.text
      .split(/\r\n?|\n/u)
      .map((raw) => raw.replace(BULLET, '').replace(/\s+/gu, ' ').trim())
    // "[Unreleased]" over "[0.6.0] - 2025-03-03": an empty section's heading the passage opens with is
    // no entry of the release after it.
    const own = lines.indexOf(levels[at]!)
    for (const line of own < 0 ? lines : lines.slice(own + 1)) {
      if (line === '' || headings.has(line) || entry.entries.includes(line)) continue
      entry.entries.push(line)
      entry.cited.add(source.number)
    }
  }
  return { title: first.levels[first.at]!, sections }
}

/**
 * The answer to "what changed in 3.0.0" from a changelog's passages: the entries under the release's
 * heading, filed under their sections ("Deprecations", "New Features") when it has them, or only the
 * section the question names ("what was fixed in 2.11.0": its "Bug Fixes"), each section's passages
 * cited: "Version 3.0.0, 2022-12-22:\n- Deprecations: PdfFileReader is removed…; … [1]\n- New
 * Features: Add AES encryption support; Add page labels [2]" (one section: its name after the release's,
 * its entries a line each). Null when no passage is under that release's heading (the question is then
 * answered as any other).
 */
export function releaseNotes(asked: ReleaseAsk, sources: readonly AnswerSource[]): string[] | null {
  const release = askedRelease(
    asked.version,
    releasesIn(sources).map(({ release }) => release),
    asked.shift,
  )
  const notes = release === null ? null : releaseEntries(sources, release)
  if (!notes) return null
  const { title, sections } = notes
  const named = asked.section
  const chosen = [...sections].filter(
    ([section, { entries }]) => entries.length > 0 && (named === null || named.test(section)),
  )
  const shown = chosen.length > 0 ? chosen : [...sections].filter(([, { entries }]) => entries.length > 0)
  if (shown.length === 0) return null
  const cite = (numbers: Set<number>) => [...numbers].map((number) => `[${number}]`).join('')
  let left = MAX_ENTRIES
  const lines: string[] = []
  for (const [section, { entries, cited }] of shown) {
    if (left <= 0) break
    const quoted = entries.slice(0, left)
    left -= quoted.length
    const more = entries.length - quoted.length
    const tail = more > 0 ? `; and ${more} more` : ''
    if (section === '' || shown.length === 1) {
      lines.push(...quoted.map((entry) => `- ${entry}`))
      if (more > 0) lines.push(`- and ${more} more`)
      lines[lines.length - 1] += ` ${cite(cited)}`
    } else {
      lines.push(
        `- ${section}: ${quoted.map((entry) => entry.replace(/[.;]$/u, '')).join('; ')}${tail} ${cite(cited)}`,
      )
    }
  }
  const only = shown.length === 1 && shown[0]![0] !== '' ? `, ${shown[0]![0]}` : ''
  return [`${title}${only}:\n`, lines.join('\n')]
}

/** A changelog's gist names at most this many releases, and this many entries of each. */
const GIST_RELEASES = 3
const GIST_ENTRIES = 3

/**
 * A changelog's latest releases as its gist says them, in the order its passages hold them (newest
 * first, as changelogs are written), each with its first entries: "Latest releases: [2.4.1] -
 * 2024-11-04: Improve the plugin API; Remove webhook retries. [2.4.0] - …" with its passages cited, in
 * at most `budget` words. Null where the passages name fewer than two releases (no changelog).
 */
export function latestReleases(sources: readonly AnswerSource[], budget: number): string | null {
  const names = [...new Set(releasesIn(sources).map(({ release }) => release))]
  if (names.length < 2) return null
  const parts: string[] = []
  const cited = new Set<number>()
  let words = 2
  for (const name of names.slice(0, GIST_RELEASES)) {
    const notes = releaseEntries(sources, name)
    if (!notes) continue
    const entries = [...notes.sections.values()].flatMap(({ entries }) => entries).slice(0, GIST_ENTRIES)
    const part = `${notes.title}: ${entries.map((entry) => entry.replace(/[.;]$/u, '')).join('; ')}.`
    const count = part.split(' ').length
    if (entries.length === 0 || words + count > budget) break
    parts.push(part)
    words += count
    for (const { cited: numbers } of notes.sections.values()) for (const number of numbers) cited.add(number)
  }
  if (parts.length === 0) return null
  return `Latest releases: ${parts.join(' ')} ${[...cited].map((number) => `[${number}]`).join('')}`
}
