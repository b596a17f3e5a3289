import { BULLET } from '../../ingest/chunk/bullet'
import type { AnswerSource } from '../AnswerGenerator'
import { askedRelease, type ReleaseAsk, type ReleaseLevel, releaseLevel } from './releaseAsk'

/** Entries quoted at most: a long release's notes end with how many more there are. */
const MAX_ENTRIES = 12

/** A passage under a release's heading. */
interface Released extends ReleaseLevel {
  source: AnswerSource
}

/**
 * The answer to "what changed in 3.0.0" from a changelog's passages: the entries under the release's
 * heading, filed under their sections ("Deprecations", "New Features") when it has them, or only the
 * section the question names ("what was fixed in 2.11.0": its "Bug Fixes"), each section's passages
 * cited: "Version 3.0.0, 2022-12-22 [1]\n- Deprecations: PdfFileReader is removed…; … [1]\n- New
 * Features: Add AES encryption support; Add page labels [2]". Null when no passage is under that
 * release's heading (the question is then answered as any other).
 */
export function releaseNotes(asked: ReleaseAsk, sources: readonly AnswerSource[]): string[] | null {
  const released: Released[] = []
  for (const source of sources) {
    const level = releaseLevel(source.heading)
    if (level) released.push({ source, ...level })
  }
  const release = askedRelease(
    asked.version,
    released.map(({ release }) => release),
  )
  if (release === null) return null
  const first = released.find((entry) => entry.release === release)!
  const under = released.filter(
    (entry) => entry.release === release && entry.source.document_id === first.source.document_id,
  )
  // Each section's entries, in the order read, once: passages overlap.
  const sections = new Map<string, { entries: string[]; cited: Set<number> }>()
  for (const { source, levels, at } of under) {
    const section = levels.slice(at + 1).join(' > ')
    const headings = new Set(levels)
    const entry = sections.get(section) ?? { entries: [], cited: new Set<number>() }
    sections.set(section, entry)
    for (const raw of source.text.split(/\r\n?|\n/u)) {
      const line = raw.replace(BULLET, '').replace(/\s+/gu, ' ').trim()
      if (line === '' || headings.has(line) || entry.entries.includes(line)) continue
      entry.entries.push(line)
      entry.cited.add(source.number)
    }
  }
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
  const title = first.levels[first.at]!
  const only = shown.length === 1 && shown[0]![0] !== '' ? `, ${shown[0]![0]}` : ''
  return [`${title}${only}:\n`, lines.join('\n')]
}
