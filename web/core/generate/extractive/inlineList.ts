import { BULLET } from '../../ingest/chunk/bullet'
import { splitSentences } from '../../ingest/chunk/splitSentences'
import { PAGE_NUMBER } from './listItems'

/** A list run into one line has at most this many items, each of at most this many words. */
const MAX_ITEMS = 10
const MAX_RUN_ITEM_WORDS = 8
const MAX_SENTENCE_ITEM_WORDS = 30
/** The introduction before a colon is one sentence of at most this many words. */
const MAX_INTRO_WORDS = 30
/** "INSTRUCTIONS Type or write…": a heading of words in capitals, then a sentence's first word. */
const CAPITALS_HEADING = /^((?:[\p{Lu}\d][\p{Lu}\d&/'’-]*\p{Lu}[\p{Lu}\d&/'’-]*\s+){1,5})(?=\p{Lu}\p{Ll})/u
/** "… requirements including: Purging of gas receptacles Air transport manifesting …": a colon mid-line. */
const COLON = /^(.{3,}?:)\s+(?=\p{Lu})/u
/** Words that go on within an item's name ("Purging of gas receptacles"), never close one. */
const JOINING = new Set(['of', 'and', 'or', 'for', 'the', 'a', 'an', 'to', 'in', 'on', 'with', 'by', 'at'])

/** A list read in one line: its introduction, its items, and the sentences of the line before the introduction. */
export interface InlineList {
  intro: string
  items: string[]
  lead?: string
}

/**
 * A list whose lines were run into one, as a form's table cell or a flattened heading prints it: a
 * heading in capitals with the sentences after it ("INSTRUCTIONS Type or write in block letters… Sign and
 * date each form."), or an introduction ending with a colon and items named in capitalised words, one
 * after another ("… requirements including: Purging of gas receptacles Air transport manifesting Weight
 * limitations"), each item starting at a capital that follows a word in lower case and holding a word in lower
 * case itself (names run together are no items), the introduction one sentence; or an introduction
 * ending with a colon and its bulleted items, bullets and all (`bulletedRun`), or its numbered ones
 * (`numberedRun`: "Our contributions are: (1) we introduce…; (2) we show…"). A table row of one
 * cell is read as that cell. Null for any other line, or fewer than two items (three for named items).
 */
export function inlineList(line: string): InlineList | null {
  const cells = line
    .split(/\s*\|\s*/u)
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '')
  if (cells.length !== 1) return null
  const text = cells[0]!
  const bulleted = bulletedRun(text)
  if (bulleted) return bulleted
  const numbered = numberedRun(text)
  if (numbered) return numbered
  const heading = CAPITALS_HEADING.exec(text)
  if (heading) {
    const rest = text.slice(heading[0].length)
    const items = splitSentences(rest).map((span) => rest.slice(span.start, span.end).trim())
    if (
      items.length >= 2 &&
      items.every((item) => /[.!]$/u.test(item) && item.split(' ').length <= MAX_SENTENCE_ITEM_WORDS)
    )
      return { intro: heading[1]!.trim(), items: items.slice(0, MAX_ITEMS) }
    return null
  }
  const colon = COLON.exec(text)
  // One introducing sentence, not a paragraph whose last sentence ends with a colon.
  if (!colon || /[.!?]\s+\p{Lu}/u.test(colon[1]!) || colon[1]!.split(' ').length > MAX_INTRO_WORDS)
    return null
  const words = text.slice(colon[0].length).replace(/\.$/u, '').split(' ')
  // Named items, not a sentence going on after the colon.
  if (words.some((word) => /[.!?;:]$/u.test(word))) return null
  const items: string[][] = []
  words.forEach((word, i) => {
    const previous = words[i - 1]
    const opens = i === 0 || (/^\p{Lu}/u.test(word) && /\p{Ll}$/u.test(previous!) && !JOINING.has(previous!))
    if (opens) items.push([word])
    else items.at(-1)!.push(word)
  })
  // Each item holds a word in lower case: a run of names ("John Constable Thomas Gainsborough") is not cut
  // into items at its capitals.
  if (
    items.length < 3 ||
    items.some((item) => item.length > MAX_RUN_ITEM_WORDS || !item.some((word) => /^\p{Ll}/u.test(word)))
  )
    return null
  return { intro: colon[1]!, items: items.slice(0, MAX_ITEMS).map((item) => item.join(' ')) }
}

/** "… criteria included: - The schedule of prices - Operational Plan": a colon, then items each after a bullet. */
const BULLETED_RUN = /:\s+[-–•*▪]\s+/u
const RUN_BULLET = /\s+[-–•*▪]\s+/u
/** A sentence run on after a list's last item: a capitalised opening word after a word in lower case. */
const TEXT_GOES_ON = /(?<=\p{Ll})\s+(?:The|This|These|Those|Each|Every|If|When|It|Its|A|An)\s.*$/u
/** A bulleted run's introduction is at most this many words (a form's numbered question), each item this many. */
const MAX_RUN_INTRO_WORDS = 60
const MAX_BULLETED_ITEM_WORDS = 20

/**
 * A list whose bulleted lines a PDF ran into one after its introduction: "Tender evaluation criteria
 * included: - The schedule of prices - Compliance with technical specifications - …". Null for a line
 * without such a run, or with fewer than two items.
 */
export function bulletedRun(text: string): InlineList | null {
  const colon = BULLETED_RUN.exec(text)
  if (!colon) return null
  // The introduction is the sentence the colon ends; the paragraph before it in the line, its lead.
  const before = text.slice(0, colon.index + 1)
  const start = splitSentences(before).at(-1)?.start ?? 0
  const intro = before.slice(start).trim()
  const lead = before.slice(0, start).trim()
  const items = bulletedItems(text.slice(colon.index + colon[0].length))
  if (before.trim().split(' ').length > MAX_RUN_INTRO_WORDS || items.length < 2) return null
  return lead === '' ? { intro, items } : { intro, items, lead }
}

/**
 * The items of a bulleted run, from its first item's words on ("The schedule of prices - Compliance with
 * … - Operational Plan"): empty where an item is longer than a bulleted item is.
 */
function bulletedItems(run: string): string[] {
  const items = run
    .split(RUN_BULLET)
    .map((item) => item.trim())
    .filter((item) => item !== '')
  // "… - prepare the annual accounts for examination The Secretary keeps the minutes": the text goes on
  // after the last item, at a sentence's opening word after one in lower case.
  const last = items.length - 1
  if (last >= 0) items[last] = items[last]!.replace(TEXT_GOES_ON, '')
  if (items.some((item) => item.split(' ').length > MAX_BULLETED_ITEM_WORDS)) return []
  return items.slice(0, MAX_ITEMS)
}

/**
 * The bulleted items a passage opens with, its page's number aside: bulleted lines, or bulleted items a
 * PDF ran into one line ("- Transition in/out plans - Demonstrated experience…"), as the top of a page
 * goes on with a list the page before began. Empty when the passage opens otherwise.
 */
export function openingItems(text: string): string[] {
  const items: string[] = []
  for (const raw of text.split(/\r\n?|\n/u)) {
    const line = raw.replace(/\s+/gu, ' ').trim()
    if (line === '' || PAGE_NUMBER.test(line)) continue
    if (!BULLET.test(line)) break
    const item = line.replace(BULLET, '')
    const run = bulletedItems(item)
    items.push(...(run.length > 1 ? run : [item]))
  }
  return items
}

/** A numbered run's first mark, right after its introduction's colon: "(1)", "(i)", "(a)" or "1)". */
const NUMBERED_START = /:\s*(?=(?:\((?:1|i|a)\)|1\))\s)/u
/** An item's mark in a numbered run; its label is the first group that matched. */
const NUMBER_MARK = /(?:^|\s)(?:\((\d{1,2}|[ivx]{1,4}|[a-h])\)|(\d{1,2})\))\s+/gu
const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x']
/** A numbered run's item is at most this many words (a paper's contribution is a clause). */
const MAX_NUMBERED_ITEM_WORDS = 40

/** The labels of a run numbered as its first mark is: "1", "2", …; "i", "ii", …; "a", "b", …. */
function labels(first: string): string[] {
  if (first === 'i') return ROMAN
  if (first === 'a') return [...'abcdefgh']
  return Array.from({ length: MAX_ITEMS }, (_, i) => String(i + 1))
}

/**
 * A list a paper runs into its sentence after a colon, each item after its number: "Our contributions
 * are as follows: (1) we introduce sparse adapter masks; (2) we show a schedule…; and (3) we release
 * code." The introduction is the sentence the colon ends; the run ends with the sentence its last item
 * is in. Items are numbered in order ("(1)", "(2)"; "(i)", "(ii)"; "(a)", "(b)"; "1)", "2)"); a mark out
 * of order is text of the item. Null for any other line, or fewer than two items.
 */
export function numberedRun(text: string): { intro: string; items: string[] } | null {
  const start = NUMBERED_START.exec(text)
  if (!start) return null
  const before = text.slice(0, start.index + 1)
  const intro = before
    .split(/(?<=[.!?])\s+(?=\p{Lu})/u)
    .at(-1)!
    .trim()
  if (intro.split(' ').length > MAX_INTRO_WORDS) return null
  const run = text.slice(start.index + start[0].length)
  const items: string[] = []
  let order: string[] | null = null
  let from = -1
  for (const mark of run.matchAll(NUMBER_MARK)) {
    const label = mark[1] ?? mark[2]!
    order ??= labels(label)
    if (label !== order[items.length + (from >= 0 ? 1 : 0)]) continue
    if (from >= 0) items.push(run.slice(from, mark.index))
    from = mark.index + mark[0].length
  }
  if (from < 0) return null
  // The last item ends with its sentence.
  const last = run.slice(from)
  const end = /[.!?](?=\s+\p{Lu}|\s*$)/u.exec(last)
  items.push(end ? last.slice(0, end.index) : last)
  const cleaned = items.map((item) =>
    item
      .trim()
      .replace(/[;,]?\s+(?:and|or)$/u, '')
      .replace(/[;,.]$/u, '')
      .trim(),
  )
  if (
    cleaned.length < 2 ||
    cleaned.some((item) => item === '' || item.split(' ').length > MAX_NUMBERED_ITEM_WORDS)
  )
    return null
  return { intro, items: cleaned.slice(0, MAX_ITEMS) }
}
