import type { AnswerSource } from '../AnswerGenerator'
import { askedRelease, releaseLevel } from './releaseAsk'
import { releasesIn } from './releaseNotes'
import { typedVersions } from './typedVersions'

/** A year printed in a release's heading ("[2.4.0] - 2024-10-15", "Version 3.0.0, 2022-12-22"). */
const YEAR = /(?<!\d)(?:19|20)\d\d(?!\d)/u
/** "When was 2.4.0 released", "what date did 3.0 come out": a date asked of a release. */
const WHEN = /^(?:when|what\s+(?:date|day|year|month))\b/iu
/** "What's the latest version", "which is the newest release": the newest release itself. */
const LATEST =
  /^(?:what|whats|what['’]s|which)\s+(?:is\s+)?(?:the\s+)?(?:latest|newest|most\s+recent|current)\s+(?:version|release)\s*[?.!]*$/iu

/**
 * The level of a heading path that names a release and dates it ("[2.4.0] - 2024-10-15" of "Changelog >
 * [2.4.0] - 2024-10-15 > Added"); null where no level names a release, or the one that does prints no year.
 */
export function datedRelease(heading: string | null | undefined): string | null {
  const level = releaseLevel(heading)
  const named = level?.levels[level.at]
  return named !== undefined && YEAR.test(named) ? named : null
}

/**
 * What a changelog's release headings answer by themselves, cited: "what's the latest version" (the
 * newest release's heading) and "when was 2.4.0 released" (that release's heading, where it prints its
 * date). Null for any other question, or where no passage is under such a heading.
 */
export function releaseHeadingAnswer(ask: string, sources: readonly AnswerSource[]): string | null {
  const latest = LATEST.test(ask.trim())
  const typed = WHEN.test(ask.trim()) ? typedVersions(ask)[0] : undefined
  if (!latest && typed === undefined) return null
  const released = releasesIn(sources)
  const release = askedRelease(
    latest ? 'latest' : typed!.replace(/^v(?=\d+\.)/u, ''),
    released.map((entry) => entry.release),
  )
  const entry = released.find((candidate) => candidate.release === release)
  if (!entry) return null
  const heading = entry.levels[entry.at]!
  if (!latest && !YEAR.test(heading)) return null
  return `${heading} [${entry.source.number}]`
}
