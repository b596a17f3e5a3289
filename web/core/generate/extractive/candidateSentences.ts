import { MONTH } from '../../retrieve/questionPeriods'
import { splitSentences } from '../../ingest/chunk/splitSentences'
import { releaseLevel } from './releaseAsk'
import { tokenize } from '../../retrieve/index/tokenize'
import type { AnswerSource } from '../AnswerGenerator'
import { DECK_FILE } from './deckFile'
import { listItems } from './listItems'
import { codeText } from './codeText'
import { referenceEntry } from './referenceEntry'
import { textValues } from './textValues'
import { BULLET } from '../../ingest/chunk/bullet'
import { UNSPACED_SCRIPT } from './unspacedScript'
import { passageLines } from './passageLines'
import { titleCase } from './titleCase'
import { AGENDA_TITLE, CONTENTS_TITLE } from './agendaTitle'

/** A sentence of a source that could be quoted in an answer. */
export interface CandidateSentence {
  /** Whitespace-normalised text, list bullet removed. */
  text: string
  /** The source's number, cited as [number]. */
  source: number
  /** Index of the source in the request (its retrieval rank, 0 = best). */
  rank: number
  /** Order of the sentence within its source. */
  position: number
  /** The source's document. */
  document: string
  /**
   * The search terms of what the document says about itself (its file name, and `AnswerSource.about`:
   * its title and opening), shared by the sentences of its sources.
   */
  named: ReadonlySet<string>
  /** Distinct search terms (the search tokenizer's, so stop words and scripts behave as in search). */
  terms: Set<string>
  /** Search terms in order, for phrase matches. */
  sequence: string[]
  words: number
  /** Search terms of the heading the sentence stands under: the last heading line above it in the
   * source, else the last level of the source's own heading. Empty when there is none. */
  section: string[]
  /**
   * Search terms of the document's title, the first level of its source's heading path, for a sentence of
   * a section under it ("Platform team weekly sync > Next meeting"): every section is of the document's
   * subject. For a deck's slide after its title slide, the deck's own words (`AnswerSource.about`). Empty
   * for a source without a heading.
   */
  title: string[]
  /** The first sentence under a heading line of its source: what a section opens with. */
  lead?: boolean
  /** A command line (`commandLine`): a how-to's example, quoted whole. */
  command?: boolean
  /**
   * For a "label value" line ("Fuel tank 31.7 gal (120 L)", "Decided May 17, 1954", a slide's "Owner:
   * Finance team"), the label's search terms: what the value is of. Absent for other sentences.
   */
  label?: string[]
  /**
   * For a table's row, its header's cells as the text quotes them after the row ("Founder | Netscape
   * (Industry, Open-source software)"): what the row is read with, not what it says.
   */
  header?: string
  /**
   * A line of a deck's agenda slide or of a table of contents: it names a part of the document ("What we
   * recommend") and says nothing of it.
   */
  pointer?: boolean
}

/** A minutes' line of who was there ("Present: Aisha Rahman (Chair), …"), and what it answers. */
const PRESENT = /^(?:present|in\s+attendance)\s*:/iu
const ATTENDED = tokenize('attended attendees')
/** Shorter fragments are headings, figure labels or table cells, not answers. */
const MIN_WORDS = 4
/** Under a heading, a sentence of a few words is an item of its list. */
const MIN_ITEM_WORDS = 2
/** A fragment with no sentence-final punctuation must be this long to count: else it is a heading. */
const MIN_UNPUNCTUATED_WORDS = 8
/** Closing quotes and brackets may follow, and a footnote mark ("约 40%。*"). */
const FINAL_PUNCTUATION = /[.!?…。！？:;：；]["'”’»)\]」』）]*[*†‡]?$/u
/** For unspaced scripts (one "word" per clause) count characters instead: about two per word. */
const MIN_UNSPACED_CHARS = 8
/** A section's body of this many words at most is a value its heading labels ("License" over "MIT"). */
const MAX_SECTION_VALUE_WORDS = 3
/** A line this short with no sentence-final punctuation is taken for a heading ("3.2 Trace Trees"). */
const MAX_HEADING_WORDS = 10
const MAX_HEADING_CHARACTERS = 60

/** Cells of a table row as chunks render them (`normaliseBlockText`: cells joined by " | "). */
const CELL_SEPARATOR = /\s*\|\s*/u

/**
 * The sentences of every source, in source order. Lines are split first (chunks keep paragraphs,
 * list items and table rows on lines of their own), then sentences within a line. A short line
 * without sentence-final punctuation is a heading: it is not quoted, but names the section of the
 * sentences below it. Labels and other fragments too short to answer anything are left out: under
 * MIN_WORDS words, or without sentence-final punctuation and either short or in title case.
 *
 * A table row is a candidate of its own, however short ("Berries | Blueberry, Cranberry | 150" is
 * the answer to how many calories berries have): the first row of a table is its header, which is
 * not quoted but is the section of the rows below it (so "calories per portion" meets the row by
 * its column), and is quoted after the row in brackets, so the figure is read with its column.
 * A line `admit` accepts is a candidate whole, however it reads.
 */
/** A heading that is a function's signature ("isProbablyReaderable(document, options)"): the name, then its parameters. */
const SIGNATURE = /^([\p{L}_$][\p{L}\p{N}_$.]*)\s*\([^()]*\)$/u

/**
 * The words a heading names its section by: an API reference's heading names the function it documents, not
 * its parameters, which are no part of what the section is about ("what is isProbablyReaderable").
 */
function headingTerms(heading: string): string[] {
  return tokenize(SIGNATURE.exec(heading.trim())?.[1] ?? heading)
}

export function candidateSentences(
  sources: readonly AnswerSource[],
  admit?: (line: string) => boolean,
): CandidateSentence[] {
  const candidates: CandidateSentence[] = []
  sources.forEach((source, rank) => {
    let position = 0
    let section = headingTerms(source.heading?.split(' > ').at(-1) ?? '')
    // The heading line `section` was read from, to quote with a short item of its list.
    let sectionLine = source.heading?.split(' > ').at(-1)?.trim() ?? ''
    let header: { cells: string; terms: string[]; before: string[]; period: number } | null = null
    let opensSection = false
    const levels = (source.heading ?? '').split(' > ').map((level) => level.replace(/\s+/gu, ' ').trim())
    const ownHeading = source.heading ? levels.at(-1) : undefined
    const slide = DECK_FILE.test(source.filename)
    const named = new Set([...tokenize(source.filename.replace(/[_.-]+/gu, ' ')), ...(source.about ?? [])])
    const slideTitle = tokenize(ownHeading ?? '')
    // The first level is the document's title where the document names itself by it (its file name, title
    // and opening): a book's chapter ("Color Management") is a part, not what every sentence is of.
    const top = slide || levels.length < 2 ? [] : tokenize(levels[0]!)
    // A deck's slide is of what its title slide names ("Lakeside Gardening Club" for "Membership grew from
    // 112 to 131 members"): the deck's own words (`about`: its title and title slide), past the title slide.
    const deckTitle = slide && (source.page ?? 1) > 1 ? [...(source.about ?? [])] : []
    const title = top.length > 0 && top.every((term) => named.has(term)) ? top : deckTitle
    const pointer = (slide ? AGENDA_TITLE : CONTENTS_TITLE).test(ownHeading ?? '')
    // A changelog's entry under its release's heading is a candidate however short ("Add STATUS_CODES export").
    const release = releaseLevel(source.heading) !== null
    /**
     * A candidate read from `read` (its words and terms), under the current section unless `fields` says
     * otherwise; false, and nothing added, when it holds no word.
     */
    // The words of the sentence that introduces the list the current line is an item of: "An accessory
    // dwelling unit shall comply with the following standards:" says what "A. The unit shall not exceed
    // 800 square feet…" is of, as a heading would.
    let itemOf: string[] | null = null
    const add = (
      read: string,
      fields: Partial<
        Pick<CandidateSentence, 'text' | 'section' | 'lead' | 'command' | 'label' | 'header'>
      > = {},
    ) => {
      const sequence = tokenize(read)
      // Code or data ("{ "links":[{ "href": …") says nothing a person asks, whatever words it holds.
      if (sequence.length === 0 || (!fields.command && codeText(read))) return false
      // Minutes name who attended under "Present:": the line holds what "who attended" asks.
      const terms = PRESENT.test(read) ? [...sequence, ...ATTENDED] : sequence
      candidates.push({
        text: read,
        source: source.number,
        rank,
        position: position++,
        document: source.document_id,
        named,
        terms: new Set(terms),
        sequence,
        words: read.split(' ').length,
        section: itemOf ? [...section, ...itemOf] : section,
        title,
        ...(pointer ? { pointer } : {}),
        ...fields,
      })
      return true
    }
    const lines = passageLines(source.text)
    // A row is a line of cells beside another one: a lone line with a bar in it is text.
    const rows = lines.map(tableCells)
    // The line a field's label took as its value (`fieldValue`), read with it.
    let taken = -1
    const introduced = introducedItems(lines)
    for (const [i, line] of lines.entries()) {
      if (i === taken) continue
      itemOf = introduced.get(i) ?? null
      const row = rows[i] && (rows[i - 1] || rows[i + 1]) ? rows[i]! : null
      // A row with one cell filled inside a table is a section label ("Investing Activities"): the table goes on.
      if (row && row.length < 2 && header) continue
      const cells = row && row.length >= 2 ? row : null
      if (cells && !header) {
        const period = repeatPeriod(cells)
        const shown = cells.slice(0, period)
        header = { cells: shown.join(', '), terms: tokenize(shown.join(' ')), before: section, period }
        continue
      }
      if (cells && header) {
        // Two tables side by side ("State | Rate | State | Rate"): each half of a row is a row of its own.
        const parts =
          header.period < cells.length && cells.length % header.period === 0
            ? Array.from({ length: cells.length / header.period }, (_, k) =>
                cells.slice(k * header!.period, (k + 1) * header!.period),
              )
            : [cells]
        for (const part of parts) {
          if (part.every((cell) => cell === '' || cell === '-')) continue
          const row = part.join(' | ')
          add(row, {
            text: `${row} (${header.cells})`,
            section: [...header.before, ...header.terms],
            header: header.cells,
          })
        }
        continue
      }
      if (header) {
        section = header.before
        header = null
      }
      // A line the caller admits is quoted whole, heading-like or not: a signature's or an officers'
      // list's "John J. Donahoe II President and Chief Executive Officer" answers "who" in title case.
      // Not a heading of the passage's path, though: a paper's title "SparseAdapt: Efficient Fine-Tuning
      // with Sparse Adapters" reads as a glossary's line, and names the paper without saying what it is.
      const admitted = admit?.(line) === true && !levels.includes(line)
      // A command line ("ocrmypdf -l eng+fra in.pdf out.pdf") is short and unpunctuated as a heading
      // is, but it is a how-to's answer, not a section's name: a candidate whole.
      if (!admitted && commandLine(line)) {
        add(line, { command: true })
        continue
      }
      // The passage's own heading, printed again at its top ("Euclid's 5 Postulates" over a slide's
      // items), names what follows however it reads: never an answer, not a "label value" line.
      if (!admitted && line === ownHeading) {
        section = headingTerms(line)
        sectionLine = line
        opensSection = true
        continue
      }
      // A heading above it in the path, printed too (a paper's title over its abstract): no "label value" line.
      if (!admitted && levels.includes(line)) continue
      // A section whose whole body is a word or two ("License" over "MIT"): the heading is its label, the
      // line its value, one candidate ("License: MIT"), too short to count alone.
      if (
        !admitted &&
        opensSection &&
        i === lines.length - 1 &&
        sectionLine !== '' &&
        line.split(' ').length <= MAX_SECTION_VALUE_WORDS &&
        !FINAL_PUNCTUATION.test(line) &&
        // "Caching Dynamic Content" under "Make Popular Pages Static": a heading of its own.
        !(line.includes(' ') && titleCase(line.split(' ')))
      ) {
        add(`${sectionLine.replace(/:$/u, '')}: ${line}`, { label: tokenize(sectionLine) })
        continue
      }
      // A short label on a line of its own, its value on the next ("Best:" over "gitextensions + p4merge"
      // on a slide): one candidate, as a longer label's below; alone, the label is too short to be one.
      const shortValue =
        !admitted && line.endsWith(':') && line.split(' ').length <= MAX_LABEL_WORDS
          ? fieldValue(lines, i + 1)
          : null
      if (shortValue) {
        add(`${line} ${shortValue}`, { label: tokenize(line) })
        taken = i + 1
        opensSection = false
        continue
      }
      // "Figure 7-27. Stainless steel self-locking nut.": a figure's or a table's short caption names a
      // picture the passage lost, and says nothing of what it shows: never an answer.
      if (!admitted && shortCaption(line)) continue
      // "16. ^ Lardinois, Frederic (November 15, 2012). …": a reference list's entry names a work and says
      // nothing, though it names people beside a question's words.
      if (referenceEntry(line)) continue
      // A spec sheet's or a slide's "label value" line is a candidate whole: short and unpunctuated as
      // a heading is, it holds a value, and its label says what of.
      const label = labelOf(line)
      if (label) {
        add(line.replace(BULLET, ''), { label: tokenize(label) })
        // The section has a body before its last line: that line is one of its items, not its value
        // ("Consulting: $0.7 million", the third of "Revenue by product").
        opensSection = false
        continue
      }
      // A question on a line of its own is an FAQ's heading: the paragraph under it answers it. A slide's
      // short unpunctuated statement ("Swap is disk-based Extension of RAM") is no heading: it says something.
      // Under a release's heading, a line opening on a verb is an entry ("Add STATUS_CODES export").
      const statement = !admitted && (statementLine(line) || (release && textValues(line).tags[0] === 'VERB'))
      if ((isHeading(line) && !statement) || (!admitted && isQuestionLine(line))) {
        // On a slide a short line heads the lines under it within the slide's title ("126 Professionals"
        // under "Risk Assessment & Control Group" and "Chief Risk Officer Richard B. Buy"): both name them.
        // A slide's bullet of a few words in sentence case ("Medical, dental and vision from day one") says
        // something as an item, though it has no verb: a candidate too, as it heads what follows.
        if (slide && !admitted && itemPhrase(line)) add(line.replace(BULLET, ''))
        section = slide ? [...slideTitle, ...tokenize(line)] : headingTerms(line)
        sectionLine = line
        opensSection = true
        if (!admitted) continue
      }
      // "Oct. 24 – Staff Learning Day – NO SCHOOL Oct. 31 – Halloween Parade at 8:45 am …": a calendar run
      // into one line is one candidate an entry, however short, as a table's rows are.
      const entries = admitted ? [] : calendarEntries(line)
      if (entries.length > 0) {
        for (const entry of entries) add(entry, {})
        continue
      }
      const spans = admitted
        ? [{ start: 0, end: line.length }]
        : splitSentences(line).flatMap(afterFootnotes(line))
      let runIn = ''
      // "Study Endpoints: Primary, … week 16. Secondary, …": a label opening a line of several sentences
      // (a form's field, a table's row flattened) says what each of them is of, as a heading would.
      const lineLabel = spans.length > 1 ? LINE_LABEL.exec(line)?.[1] : undefined
      const labelled =
        lineLabel !== undefined && lineLabel.split(' ').length <= MAX_LABEL_WORDS ? tokenize(lineLabel) : []
      // Every sentence of the line a field: "Policy number: HR-014. Effective date: 1 March 2024. …".
      const fieldLine =
        !admitted &&
        spans.length > 1 &&
        spans.every((span) => labelOf(line.slice(span.start, span.end).trim().replace(/\.$/u, '')) !== null)
      for (const [s, span] of spans.entries()) {
        const text =
          runIn + line.slice(span.start, span.end).replace(FOOTNOTE_MARK, '').trim().replace(BULLET, '')
        runIn = ''
        // "Policy number: HR-014. Effective date: 1 March 2024. Owner: People Operations.": a line of
        // fields each ended by a full stop is a "label value" candidate a field, however short.
        const field = fieldLine ? labelOf(text.replace(/\.$/u, '')) : null
        if (field && text.split(' ').length <= MAX_FIELD_SENTENCE_WORDS) {
          add(text, { label: tokenize(field) })
          continue
        }
        // "Penalty for late filing. If you do not file…": a paragraph's run-in heading is no answer by
        // itself; it names what the sentence after it says, and is quoted with it.
        if (!admitted && s === 0 && spans.length > 1 && runInHeading(text)) {
          runIn = `${text} `
          continue
        }
        // "Footnotes and endnotes." between "Lists." and "Images." under "Supported features": a whole line
        // among short ones under a heading is an item of the section's list.
        const listed =
          spans.length === 1 &&
          sectionLine !== '' &&
          !UNSPACED_SCRIPT.test(text) &&
          (release || [lines[i - 1], lines[i + 1]].some((other) => other !== undefined && shortLine(other)))
        if (!admitted && !statement && !longEnough(text, listed)) continue
        // "Supported features: Footnotes and endnotes.": a short item is quoted under its heading.
        const item = !admitted && !statement && listed && text.split(' ').length < MIN_WORDS
        // A form's field, its label on one line and its value on the next ("6. Estimated amount payable
        // to the contractor under the contract:" over "$3,148,800.00exgst"): one candidate, the label
        // saying what the value is.
        const value = s === spans.length - 1 && text.endsWith(':') ? fieldValue(lines, i + 1) : null
        const fields = {
          ...(opensSection ? { lead: true } : {}),
          ...(value ? { label: tokenize(text) } : {}),
          ...(s > 0 && labelled.length > 0 ? { section: [...section, ...labelled] } : {}),
        }
        const read = item ? `${sectionLine.replace(/[:.]$/u, '')}: ${text}` : text
        if (add(value ? `${read} ${value}` : read, fields)) opensSection = false
      }
    }
  })
  return candidates
}

/** A label opening a line: "Study Endpoints: Primary, …", capitalised, before its colon. */
const LINE_LABEL = /^(\p{Lu}[\p{L}\s'’&/-]{0,40}?):\s+\S/u

/**
 * The items of each list a line ending with a colon introduces (`listItems`), by line index, with the
 * search terms of that introduction.
 */
function introducedItems(lines: readonly string[]): Map<number, string[]> {
  const introduced = new Map<number, string[]>()
  lines.forEach((line, i) => {
    if (!line.endsWith(':')) return
    const items = new Set(listItems(lines, i))
    const terms = tokenize(line)
    for (let j = i + 1; j < lines.length && items.has(lines[j]!); j++) introduced.set(j, terms)
  })
  return introduced
}

/** A document's own footnote mark ("free.[3]", "globe[citation needed]"): it would read as the answer's citation. */
export const FOOTNOTE_MARK = /(?<=[\p{L}\p{N}.,;:!?"”’)])\[(?:\d{1,3}|citation needed)\](?=[\s.,;:]|$)/gu
/** A footnote mark after a sentence's end ("free.[3] One day later"), and the space after it. */
const FOOTNOTE_END = /[.!?]["'”’)]*\[(?:\d{1,3}|citation needed)\]\s+(?=["“‘(]?\p{Lu})/gu

/**
 * A sentence span cut again where a sentence ends with a footnote mark, as encyclopedia pages print
 * them ("…will also be free.[3] One day later, Jamie Zawinski registered mozilla.org.[4]"): the
 * sentence splitter of chunking knows no such ending, and a paragraph is no sentence to quote.
 */
function afterFootnotes(line: string) {
  return (span: { start: number; end: number }): Array<{ start: number; end: number }> => {
    const spans: Array<{ start: number; end: number }> = []
    let start = span.start
    for (const match of line.slice(span.start, span.end).matchAll(FOOTNOTE_END)) {
      const stop = span.start + match.index + match[0].length
      if (stop >= span.end) break
      spans.push({ start, end: stop })
      start = stop
    }
    spans.push({ start, end: span.end })
    return spans
  }
}

/** A field run into a line with others ("Owner: People Operations.") is this many words at most. */
const MAX_FIELD_SENTENCE_WORDS = 6
/** A form field's value on the line under its label is this many words at most. */
const MAX_FIELD_VALUE_WORDS = 10
/** An item's or a field's number or letter: "1. ", "(2) ", "a) ". */
const ITEM_NUMBER = /^(?:\(?\d{1,2}|\(?[a-z])[.)]\s/u

/**
 * The value of a form's field printed on line `at`, after its label: a short line that is neither an item
 * of a list (a bullet, "1.", "(a)"), another label (ending in a colon), a table's row, a command, an
 * address nor a question, and after which the form goes on with another field (a label, a numbered
 * line) or the passage ends; null otherwise. Short lines one after another are a list's items ("The
 * word program is used to describe many things:" over "The code that you write").
 */
function fieldValue(lines: readonly string[], at: number): string | null {
  const line = lines[at]
  if (line === undefined || BULLET.test(line) || ITEM_NUMBER.test(line) || /[:?]$/u.test(line)) return null
  // "To build, say, the 3.0.1 tag:" over "git clone https://…" introduces an example, not a value.
  if (tableCells(line) || commandLine(line) || /https?:\/\/|www\./u.test(line)) return null
  if (line.split(' ').length > MAX_FIELD_VALUE_WORDS) return null
  const next = lines[at + 1]
  return next === undefined || /:$/u.test(next) || ITEM_NUMBER.test(next) || labelOf(next) ? line : null
}

/** A run-in heading is this many words at most. */
const MAX_RUN_IN_WORDS = 6

/**
 * Whether the first sentence of a paragraph is its run-in heading ("Penalty for late filing.", "Other
 * penalties."): a few words ending in a full stop, without a verb (by wink-nlp's parts of speech).
 */
function runInHeading(text: string): boolean {
  return text.endsWith('.') && text.split(' ').length <= MAX_RUN_IN_WORDS && !textValues(text).verb
}

/** Longest label and line of a "label value" line, in words. */
const MAX_LABEL_WORDS = 5
const MAX_LABEL_LINE_WORDS = 16

/** A calendar's entry opens with a date and a dash: "Oct. 31 – ", "Nov. 10 – 11 – ", "March 3 - ". */
const CALENDAR_ENTRY = new RegExp(
  `(?<![\\p{L}\\p{N}])${MONTH}\\.?\\s+\\d{1,2}(?:\\s*[–-]\\s*\\d{1,2})?\\s+[–—-]\\s+`,
  'giu',
)
/** A line of this many dated entries or more is a calendar. */
const MIN_CALENDAR_ENTRIES = 3

/**
 * The entries of a calendar run into one line, each from its date to the next one's, what comes before
 * the first (its heading) left out; empty for a line of fewer than MIN_CALENDAR_ENTRIES dated entries.
 */
function calendarEntries(line: string): string[] {
  const starts = [...line.matchAll(CALENDAR_ENTRY)].map((match) => match.index)
  if (starts.length < MIN_CALENDAR_ENTRIES) return []
  return starts.map((start, i) => line.slice(start, starts[i + 1] ?? line.length).trim())
}
/**
 * A label of words, then a measure ("31.7 gal", "4 060 mm", "$1,200", "12%") or a date ("May 17,
 * 1954"): the line of a spec sheet, a form or a docket. A bare number after words ("Chapter 3") is a
 * heading's, not a value.
 */
const LABEL_MEASURE = new RegExp(
  `^(\\p{L}[\\p{L}'’/&.-]*(?:\\s+[\\p{L}'’/&.-]+){0,${MAX_LABEL_WORDS - 1}})\\s*:?\\s+((?:[$€£¥]\\s?)?\\d[\\d,.]*(?:\\s\\d{3})*\\s*(?:%|\\p{L}{1,12}\\b)|${MONTH}\\.?\\s+\\d{1,2},?\\s+\\d{4}|\\d{1,2}\\s+${MONTH}\\s+\\d{4})`,
  'iu',
)
/** "Owner: Finance team", "Swing speed: 0 – 9.1 RPM": a short label and its colon, then the value. */
const LABEL_COLON = new RegExp(
  `^(\\p{L}[\\p{L}\\p{N}'’/&.-]*(?:\\s+[\\p{L}\\p{N}'’/&.-]+){0,${MAX_LABEL_WORDS - 1}}):\\s+\\S`,
  'u',
)

/** The label of a "label value" line, or null for any other line (a sentence, a heading, a bare value). */
export function labelOf(line: string): string | null {
  if (line.split(' ').length > MAX_LABEL_LINE_WORDS || /[.!?]$/u.test(line)) return null
  const text = line.replace(BULLET, '')
  return LABEL_MEASURE.exec(text)?.[1] ?? LABEL_COLON.exec(text)?.[1] ?? null
}

/** A table row's non-empty cells (one, for a section label in a table), or null when the line has no cell separator. */
function tableCells(line: string): string[] | null {
  if (!line.includes('|')) return null
  const parts = line.split(CELL_SEPARATOR)
  const cells = parts.filter((cell) => cell !== '')
  return parts.length >= 2 && cells.length >= 1 ? cells : null
}

/**
 * A shell command or a program's invocation: an option ("-l", "--mode", "--pages=2") or a prompt ("$ ")
 * on a line with no sentence-final punctuation; or an API's request line ("GET /api/tags").
 */
export function commandLine(line: string): boolean {
  if (FINAL_PUNCTUATION.test(line)) return false
  return (
    /^[$#>]\s/u.test(line) ||
    /(?:^|\s)(?:--[a-z][\w-]*|-[a-zA-Z])(?=[\s=]|$)/u.test(line) ||
    HTTP_REQUEST.test(line) ||
    (TOOL_COMMAND.test(line) && line.split(' ').length <= MAX_COMMAND_WORDS)
  )
}

/**
 * A command of a package manager or a common command-line tool, as a README prints one without a
 * prompt: "npm install mammoth", "pip install ocrmypdf", "brew install ripgrep", "docker run …". A closed
 * class of tool names; "make" and "go" are left out, English words a line may open with.
 */
const TOOL_COMMAND =
  /^(?:sudo\s+)?(?:npm|npx|pnpm|yarn|pip3?|pipx|uv|poetry|conda|brew|apt|apt-get|dnf|yum|pacman|apk|snap|choco|winget|scoop|cargo|gem|composer|dotnet|docker|podman|kubectl|helm|git|curl|wget|cmake)\s+[a-z][\w.:/@=-]*(?:\s+\S+)*$/u
const MAX_COMMAND_WORDS = 12

/** An API reference's request line: "GET /api/tags", "POST /v1/chat/completions". */
const HTTP_REQUEST = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\/\S*$/u

/** "How is ripgrep licensed?": one short question, alone on its line. */
function isQuestionLine(line: string): boolean {
  return (
    /\?["'”’)]*$/u.test(line) &&
    !/[.!?]\s/u.test(line.slice(0, -1)) &&
    line.split(' ').length <= 2 * MAX_HEADING_WORDS
  )
}

/** A caption's label and number: "Figure 7-27.", "Fig. 3:", "Table 2 –", "Exhibit 10.1". */
const CAPTION =
  /^(?:figure|fig\.|table|exhibit|chart|plate|diagram|illustration)\s+[\p{N}][\p{N}.-]*[.:–—-]?\s+/iu
/** A caption of this many words after its label at most names its picture; a longer one may state facts. */
const MAX_CAPTION_WORDS = 8

function shortCaption(line: string): boolean {
  const match = CAPTION.exec(line)
  return match !== null && line.slice(match[0].length).split(' ').length <= MAX_CAPTION_WORDS
}

function isHeading(line: string): boolean {
  return (
    !FINAL_PUNCTUATION.test(line) &&
    !BYLINE.test(line) &&
    line.split(' ').length <= MAX_HEADING_WORDS &&
    [...line].length <= MAX_HEADING_CHARACTERS
  )
}

/**
 * An article's byline ("By Maria Lopez, City Hall reporter. Published 14 March 2024"): short and
 * unpunctuated as a heading is, but it says who wrote the article, not what the lines under it are of.
 */
const BYLINE = /^(?:[Bb]y|(?:[Ww]ritten|[Pp]osted|[Rr]eported)\s+by)\s+\p{Lu}/u

/** A line as short as a list's item: a few words. */
function shortLine(line: string): boolean {
  return line.split(' ').length < MIN_WORDS
}

function longEnough(text: string, listed: boolean): boolean {
  const words = text.split(' ')
  if (!FINAL_PUNCTUATION.test(text) && (words.length < MIN_UNPUNCTUATED_WORDS || titleCase(words)))
    return false
  if (words.length >= MIN_WORDS) return true
  // "Footnotes and endnotes." under "Supported features": a short item of a section's list says what the
  // heading says of it ("does mammoth support footnotes").
  if (listed && words.length >= MIN_ITEM_WORDS && !titleCase(words)) return true
  // "About 23,000 die.": a short sentence stating a number ("See Table 4." is in title case).
  const stated = FINAL_PUNCTUATION.test(text) && /\p{N}/u.test(text) && !titleCase(words)
  if (words.length === MIN_WORDS - 1 && stated) return true
  return [...text.replace(/[\s\p{P}]/gu, '')].length >= MIN_UNSPACED_CHARS && UNSPACED_SCRIPT.test(text)
}

/**
 * A slide's bullet or a list's item that states something without a full stop: a few words, not in
 * title case, with a verb (by wink-nlp's parts of speech): "Swap is disk-based Extension of RAM",
 * "Excessive swapping kills performance". "RAM and Swap" and "Make Popular Pages Static" stay headings.
 */
/** A phrase of MIN_ITEM_PHRASE_WORDS words or more in sentence case: no title's words. */
function itemPhrase(line: string): boolean {
  const words = line.replace(BULLET, '').split(' ')
  return words.length >= MIN_ITEM_PHRASE_WORDS && !titleCase(words)
}

/** A slide's bullet read as an item though it has no verb is this many words at least. */
const MIN_ITEM_PHRASE_WORDS = 5

function statementLine(line: string): boolean {
  if (FINAL_PUNCTUATION.test(line)) return false
  const words = line.replace(BULLET, '').split(' ')
  return words.length >= MIN_WORDS && !titleCase(words) && textValues(line).verb
}

/**
 * The length after which a header's cells repeat ("State | Rate | State | Rate": 2), the whole header's
 * length when they do not: a wide page printing one table in two halves side by side.
 */
function repeatPeriod(cells: readonly string[]): number {
  const names = cells.map((cell) => cell.toLowerCase())
  for (let period = 2; period <= names.length / 2; period++) {
    if (names.length % period !== 0) continue
    if (names.every((name, i) => name === names[i % period]) && names.slice(0, period).some((n) => n !== ''))
      return period
  }
  return names.length
}
