import type { Span } from './Span'

/**
 * Sentence spans of whitespace-normalised text. Each span runs up to the start of the next one (its
 * trailing space included), so slicing from one span's start to a later span's end gives the text
 * exactly, and spans never need re-joining.
 *
 * A boundary is sentence-final punctuation (. ! ? …, optionally followed by closing quotes or
 * brackets, and by a page's footnote marks: "tribes.[10] The largest") followed by whitespace and a character that is not a lowercase letter, or a CJK full stop
 * (。！？), which needs no space after it. A period after a known abbreviation ("Dr.", "e.g.") or a
 * single-letter initial ("J. Smith", "U.S.") is not a boundary, nor one after a month's abbreviation or "No."
 * before a number ("Oct. 31", "No. 5"), nor is one after an enumeration's number
 * ("as follows: 1. Finland 2. Norway"), nor one before a quotation's attribution ("… evil. -- Donald
 * Knuth"). Mistakes only make chunks split at a slightly worse place; no text is lost either way.
 */
const BOUNDARY = /[.!?…]+["'”’»)\]]*(?:\[\d{1,3}\])*\s+|[。！？]+["'”’」』)）]*\s*/gu
const LOWERCASE_START = /^\p{Ll}/u
const ATTRIBUTION = /^(?:--|[—―])\s?\p{Lu}/u
const INITIAL = /^(?:\p{L}\.)*\p{L}$/u
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'cf',
  'fig',
  'figs',
  'eq',
  'vol',
  'pp',
  'ca',
  'approx',
  'inc',
  'ltd',
  'corp',
  'dept',
  'gen',
  'gov',
  'lt',
  'col',
  'capt',
  'rev',
])

export function splitSentences(text: string, offset = 0, end = text.length): Span[] {
  const spans: Span[] = []
  let start = offset
  BOUNDARY.lastIndex = offset
  for (let match = BOUNDARY.exec(text); match && match.index < end; match = BOUNDARY.exec(text)) {
    const stop = Math.min(match.index + match[0].length, end)
    if (stop >= end) break
    if (isBoundary(text, start, match.index, match[0], stop)) {
      spans.push({ start, end: stop })
      start = stop
    }
  }
  if (start < end) spans.push({ start, end })
  return spans
}

function isBoundary(
  text: string,
  sentenceStart: number,
  at: number,
  punctuation: string,
  next: number,
): boolean {
  if (/^[。！？]/u.test(punctuation)) return true
  if (LOWERCASE_START.test(text.slice(next, next + 1))) return false
  // "… the root of all evil. -- Prof. Donald E. Knuth": a quotation's attribution is part of it.
  if (ATTRIBUTION.test(text.slice(next, next + 4))) return false
  if (!punctuation.startsWith('.') || punctuation.startsWith('..')) return true
  // The word before the period, without any opening quote or bracket.
  let wordStart = at
  while (wordStart > sentenceStart && !/\s/u.test(text.charAt(wordStart - 1))) wordStart--
  const word = text
    .slice(wordStart, at)
    .replace(/^[("'“‘[]+/u, '')
    .toLowerCase()
  // "ranked as follows: 1. Finland 2. Norway …": an item's number after a colon, or after the item before
  // it, runs the list on.
  if (/^\d{1,2}$/u.test(word)) {
    const before = text.slice(sentenceStart, wordStart)
    if (word === '1' ? /[:;]\s*$/u.test(before) : before.includes(`${Number(word) - 1}. `)) return false
  }
  // "Oct. 31 – Halloween Parade", "No. 5": a month's or a number's abbreviation before a number.
  if (BEFORE_NUMBER.has(word) && /^\d/u.test(text.slice(next, next + 1))) return false
  // "please cc. Melinda Heiss": a copy's addressee, unless a size ends the sentence ("a 50 cc.").
  if (COPY_TO.has(word) && !/\d\s*$/u.test(text.slice(sentenceStart, wordStart))) return false
  return !ABBREVIATIONS.has(word) && !INITIAL.test(word)
}

/** The abbreviations a message's copied addressees follow. */
const COPY_TO = new Set(['cc', 'bcc'])

/** Abbreviations that a number follows: months ("Oct. 31") and "No." ("No. 5"). */
const BEFORE_NUMBER = new Set([
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'no',
  'nos',
])
