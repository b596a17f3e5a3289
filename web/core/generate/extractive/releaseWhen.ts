import type { AnswerSource } from '../AnswerGenerator'
import { askedRelease, besideRelease, releaseLevel } from './releaseAsk'
import { releasesIn } from './releaseNotes'
import { typedVersions } from './typedVersions'

/** A year printed in a release's heading ("[2.4.0] - 2024-10-15", "Version 3.0.0, 2022-12-22"). */
const YEAR = /(?<!\d)(?:19|20)\d\d(?!\d)/u
/** "When was 2.4.0 released", "what date did 3.0 come out": a date asked of a release. */
const WHEN = /^(?:when|what\s+(?:date|day|year|month))\b/iu
/** "What is the version before 2.0.2", "which was the release after v3": the release next to one named. */
const NEXT_TO =
  /^(?:what|whats|what['’]s|which)\s+(?:(?:is|was)\s+)?the\s+(?:release|version)\s+(?:before|after)\s/iu
/**
 * "What's the latest version", "which is the newest release", "what's the latest version of csvkit": the
 * newest release itself.
 */
const LATEST =
  /^(?:what|whats|what['’]s|which)\s+(?:is\s+)?(?:the\s+)?(?:latest|newest|most\s+recent|current)\s+(?:[\p{L}\p{N}.-]+\s+)?(?:version|release)(?:\s+of\s+[\p{L}\p{N}.-]+)?\s*[?.!]*$/iu

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
 * The release whose heading answers a question by itself: the newest ("what's the latest version"), or the
 * one a "when" question names ("when was 2.4.0 released"), or the one before or after it ("when was the
 * release before 3.2.0 out", "what is the version before 2.0.2": `shift`). Null for any other question.
 */
export function headingReleaseAsk(ask: string): { version: string; shift: number; latest: boolean } | null {
  const text = ask.trim()
  if (LATEST.test(text)) return { version: 'latest', shift: 0, latest: true }
  if (NEXT_TO.test(text)) {
    const beside = besideRelease(text)
    if (beside) return { ...beside, latest: false }
  }
  if (!WHEN.test(text)) return null
  const beside = besideRelease(text)
  if (beside) return { ...beside, latest: false }
  const typed = typedVersions(text)[0]
  return typed === undefined ? null : { version: typed.replace(/^v(?=\d+\.)/u, ''), shift: 0, latest: false }
}

/**
 * What a changelog's release headings answer by themselves, cited (`headingReleaseAsk`): the newest
 * release's heading, or the asked release's where it prints its date. Null for any other question, or
 * where no passage is under such a heading.
 */
export function releaseHeadingAnswer(ask: string, sources: readonly AnswerSource[]): string | null {
  const asked = headingReleaseAsk(ask)
  if (!asked) return null
  const released = releasesIn(sources)
  const release = askedRelease(
    asked.version,
    released.map((entry) => entry.release),
    asked.shift,
  )
  const entry = released.find((candidate) => candidate.release === release)
  if (!entry) return null
  const heading = entry.levels[entry.at]!
  if (!asked.latest && !YEAR.test(heading)) return null
  return `${heading} [${entry.source.number}]`
}
