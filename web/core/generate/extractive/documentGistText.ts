import { splitSentences } from '../../ingest/chunk/splitSentences'
import { AGENDA_TITLE, CONTENTS_TITLE } from './agendaTitle'
import { DOCUMENT_KIND } from '../../retrieve/documentScope'
import { SECTION_NUMBER } from './sectionNumber'
import { tokenize } from '../../retrieve/index/tokenize'
import type { AnswerSource } from '../AnswerGenerator'
import { DECK_FILE } from './deckFile'
import { referenceEntry } from './referenceEntry'
import { latestReleases } from './releaseNotes'
import { listItems, TABLE_ROW } from './listItems'
import { wordForm } from './matchWord'
import { passageLines } from './passageLines'

/** A summary is this many words at most, citations aside: two or three sentences. */
export const GIST_WORDS = 80
const MAX_SENTENCES = 3
/** A sentence of the gist says something whole: shorter ones are bylines, captions or navigation. */
const MIN_WORDS = 8
/** The document's first sentence may be this short where it opens with a word of the title. */
const MIN_NAMED_WORDS = 5
const MAX_WORDS = 60
/** A sentence longer than this loses its trailing aside (`mainClause`). */
const LONG_SENTENCE = 40
/** The items of a list announced in the gist ("Some of the important concepts are:"), at most. */
const MAX_LIST_ITEMS = 8
const MAX_LIST_ITEM_WORDS = 8
/** A heading's list is a gist's candidate with at least this many items, each in plain words (no code, no address). */
const MIN_HEADED_ITEMS = 3
/** The share of a heading's list's words that must recur in what was read. */
const RECURRING_SHARE = 0.25
const PLAIN_ITEM = /^[\p{L}\p{N}][\p{L}\p{N}\s'’()&,.-]*$/u
/** Sentences of an abstract, summary, syllabus, introduction or overview weigh this much more. */
const OPENING_SECTION_BONUS = 0.3
/** A sentence that says what the document is ("This document is intended for…") weighs this much more. */
const SELF_REFERENCE_BONUS = 0.6
/**
 * The first sentence of an abstract, syllabus or introduction (of the document, when it has none of
 * these) weighs this much more: it states the point the rest develops.
 */
const LEAD_BONUS = 0.3
/** The other sentences of the first paragraph of a document without an abstract weigh this much more. */
const LEDE_BONUS = 0.3
/** The share of the title's words a sentence holds weighs this much. */
const TITLE_WEIGHT = 0.4
/** The last sentence read weighs this much less than the first: a lede comes first. */
const POSITION_WEIGHT = 0.3
/**
 * A sentence that leans on the one before ("It…", "They…", "I'll say more about these concepts") weighs
 * this much less alone.
 */
const LEANING_PENALTY = 0.3
/** A sentence sharing more than this share of its words with one chosen says nothing new. */
const MAX_SHARED = 0.6

/**
 * A heading over what a document says of itself: "Abstract", "Introduction", "About this guide". "About"
 * opens it: "Worrying About Your Tail" is a section like any other.
 */
const OPENING_SECTION = /\b(?:abstract|summary|syllabus|introduction|overview|purpose)\b|^\W*about\b/iu
/**
 * An opening section's heading is a few words ("1. Introduction", "Executive Summary", "Purpose of this
 * guide"): a title that holds the word ("Overview of the Technology Acceptance Model: Origins…") heads the
 * whole document, every running header of it.
 */
const OPENING_HEADING_WORDS = 5

/** Whether a heading is over what a document says of itself (`OPENING_SECTION`), not a title holding the word. */
function openingHeading(heading: string): boolean {
  return OPENING_SECTION.test(heading) && heading.trim().split(/\s+/u).length <= OPENING_HEADING_WORDS
}
/** "This memorandum summarizes…", "The purpose of this guide…": a document saying what it is. */
const SELF_REFERENCE = new RegExp(
  `^(?:the\\s+(?:aim|purpose|goal|objective|scope)\\s+of\\s+)?(?:this|the present)\\s+${DOCUMENT_KIND}\\b`,
  'iu',
)
/** "This Clinical Trial Application presents…": by its title, capitalised, then a verb that reports. */
const SELF_TITLED =
  /^This\s+(?:\p{Lu}[\p{L}-]*\s+){1,4}(?:presents|describes|summari[sz]es|outlines|sets\s+out|explains|reports|introduces|covers)\b/u
const selfReference = (text: string) => SELF_REFERENCE.test(text) || SELF_TITLED.test(text)
const LEANING =
  /^(?:it|its|they|their|these|those|he|she|his|her|this|that|such|but|and|also|however)\b|\b(?:these|those)\s+\p{L}{3,}/iu
/** "(a) ", "(e) ", "1. ": an enumerator opening a sentence of a syllabus or a list. */
/** An abstract's label before its first sentence, on one line: "Abstract User acceptance…", "Summary: The…". */
const ABSTRACT_LABEL = /^(?:abstract|summary)(?:\s*[:.—–-]\s*|\s+)(?=\p{Lu})/iu
/** A paper's keywords' label: "Keywords:", "Key words —", "Index Terms—". */
const KEYWORDS = /^(?:key\s*words|index\s+terms)\s*[:.—–-]/iu
/** A title this long repeated before a page's text is its running header; a shorter one may be a name. */
const RUNNING_HEADER_WORDS = 4
const ENUMERATOR = /^\(?(?:[a-z]|\d{1,2})[.)]\s+(?=\S)/u
/** An address, a mail address or a DOI: a reference or a transcript, never a gist's words. */
const URL_LIKE = /https?:\/\/|www\.|@|\bdoi\b/iu
/**
 * A meeting's procedure, by its agenda item's heading: the call to order, the roll, the minutes before
 * approved, the floor given to the public, the adjournment. A closed class: none of it is the business
 * the meeting did.
 */
const PROCEDURE_HEADING =
  /^(?:call(?:ed)?\s+to\s+order|roll\s+call|attendance|public\s+(?:comments?|forum|participation)|(?:approval|adoption)\s+of\s+(?:the\s+)?(?:minutes|agenda)|adjourn(?:ment|ed)?|next\s+meeting)$/iu
/** How a motion was made and carried ("Briggs moved to approve; Park seconded."): procedure, not what it decided. */
const MOTION = /\bseconded\b|^the\s+motion\s+(?:passed|carried|failed)\b/iu
/**
 * A document's edition, as its cover prints it: "Version 2.1, approved by the Board on 3 March 2025",
 * "Revision 3, effective 1 July". It says which copy this is, not what it says.
 */
const EDITION =
  /\b(?:version|revision|rev\.)\s*\d+(?:\.\d+)*,?\s+(?:approved|issued|effective|dated|published|updated|adopted|released)\b/iu
/** Minutes have this many items of procedure at least (a call to order, an adjournment). */
const MINUTES_PROCEDURES = 2
/** Minutes' roll: "Present: Mayor Janet Reyes, …", "Absent: none". */
const ATTENDANCE =
  /^(?:present|absent|attendees|attending|in\s+attendance|also\s+present|apologies|regrets)\s*:/iu
/** A table of contents' dot leaders. */
const LEADERS = /\.{4,}|(?:\. ){4,}/u

/** A sentence of the gist, with the passage that holds it. */
export interface GistSentence {
  text: string
  /** The number of the passage quoted. */
  source: number
}

interface Candidate extends GistSentence {
  order: number
  /** The first sentence after an opening section's heading, or of its passage's opening section. */
  lead: boolean
  words: number
  terms: Set<string>
  abstract: boolean
  score: number
  /** A heading with the list under it ("Endpoints: Generate a completion; …"). */
  headed?: boolean
  /** The paragraph (a line of its passage) it is read in, counted through the passages. */
  paragraph: number
}

/**
 * The gist of the document of the first source, in its own words: from its passages among `sources`,
 * the sentences that say most of what the document says throughout (its words that recur, the title's
 * words), an abstract's, syllabus's or introduction's (where there is none, the first paragraph's: a
 * page's lede) and one that says what the document is ("This document is intended for…") first, an
 * earlier one before a later one, none repeating another (overlapping passages read it once), in
 * reading order, each cited, at most GIST_WORDS words. A sentence that announces a list ("The important
 * concepts are:") comes with its items. Bylines, navigation, tables of contents, captions, questions and
 * URLs are not sentences of a gist. Where the passages have no such sentences (a deck), its title and
 * section headings, joined. Empty when there is nothing to say.
 */
export function documentGistText(sources: readonly AnswerSource[]): string[] {
  const deck = deckGist(sources)
  if (deck.length > 0) return deck
  // An article's title says what it is about in its own words ("The sharing economy is a lie: Uber, Ayn
  // Rand and…"): it opens the gist where the sentences chosen say little of it, and they make room.
  const chosen = gistSentences(sources)
  if (chosen.length > 0) {
    const title = articleTitle(sources)
    const said = new Set(chosen.flatMap(({ text }) => tokenize(text).map(wordForm)))
    const titleTerms = title === null ? [] : tokenize(title).map(wordForm)
    const unsaid = titleTerms.filter((term) => said.has(term)).length < titleTerms.length * TITLE_SAID
    const shown = unsaid ? gistSentences(sources, GIST_WORDS - title!.split(' ').length) : chosen
    const opening = unsaid ? `${title!.replace(/[.:;,]$/u, '')}: ` : ''
    const gist = shown.map(({ text, source }, i) => `${i > 0 ? ' ' : opening}${text} [${source}]`)
    // A changelog's opening sentence says only that it lists changes: its latest releases say which.
    const used = gist.join('').split(' ').length
    const releases = latestReleases(ownSources(sources), GIST_WORDS - used)
    if (releases) return [...gist, ` ${releases}`]
    // An FAQ's sentences answer one question each: the questions it answers say what it covers.
    const asked = faqQuestions(ownSources(sources), GIST_WORDS - used)
    return asked ? [...gist, ` ${asked}`] : gist
  }
  const headings = gistHeadings(sources)
  if (headings.length === 0) return []
  return [`${headings.map(({ text }) => text).join('; ')} [${headings[0]!.source}]`]
}

/**
 * "It answers: How do I get a library card?; Can I reserve a meeting room? [2]": the questions an FAQ's
 * passages stand under (the last level of their headings, each ending with a question mark), when
 * FAQ_QUESTIONS of them at least do, as many as `budget` words hold; null for any other document.
 */
function faqQuestions(own: readonly AnswerSource[], budget: number): string | null {
  const questions = own.flatMap((source) => {
    const asked = source.heading?.split(' > ').at(-1)?.replace(/\s+/gu, ' ').trim() ?? ''
    return asked.endsWith('?') ? [{ asked, source: source.number }] : []
  })
  const distinct = questions.filter(({ asked }, i) => questions.findIndex((q) => q.asked === asked) === i)
  if (distinct.length < FAQ_QUESTIONS) return null
  const shown: typeof distinct = []
  let words = 2
  for (const question of distinct) {
    words += question.asked.split(' ').length
    if (words > budget) break
    shown.push(question)
  }
  if (shown.length < FAQ_QUESTIONS) return null
  return `It answers: ${shown.map(({ asked }) => asked).join('; ')} [${shown[0]!.source}]`
}

/** A document is an FAQ when this many of its passages stand under questions. */
const FAQ_QUESTIONS = 3

/** The first source's document's passages among `sources`. */
function ownSources(sources: readonly AnswerSource[]): AnswerSource[] {
  return sources.filter((source) => source.document_id === sources[0]?.document_id)
}

/** A title of this many words says what an article is about; a shorter one names it. */
const TITLE_MIN_WORDS = 5
const TITLE_MAX_WORDS = 20
/** A title whose words the gist's sentences hold this share of is said already. */
const TITLE_SAID = 0.4

/**
 * The title of the first source's document as its passages' headings carry it (a web page's or a Markdown
 * file's first heading), when it is a headline of a few words rather than a name; null for a deck, a PDF
 * without headings, or a title of a word or two.
 */
function articleTitle(sources: readonly AnswerSource[]): string | null {
  const first = sources[0]
  if (!first || DECK_FILE.test(first.filename)) return null
  // The first passage may stand before the title (a dateline); the title heads the ones after it.
  const title = sources
    .find((source) => source.document_id === first.document_id && source.heading)
    ?.heading?.split(' > ')[0]
    ?.trim()
  if (!title) return null
  const words = title.split(/\s+/u).length
  return words >= TITLE_MIN_WORDS && words <= TITLE_MAX_WORDS ? title : null
}

/** The sentences of the gist (`documentGistText`), in reading order; empty when none qualifies. */
export function gistSentences(sources: readonly AnswerSource[], budget = GIST_WORDS): GistSentence[] {
  const first = sources[0]
  if (!first) return []
  const own = sources.filter((source) => source.document_id === first.document_id)
  const titleLine =
    first.heading?.split(' > ')[0] ?? first.filename.replace(/\.[^.]+$/u, '').replace(/[_-]+/gu, ' ')
  const title = new Set(tokenize(titleLine).map(wordForm))
  const read = candidatesOf(own, title, titleLine)
  if (read.length === 0) return []
  // How often each word recurs in what was read: a document's subject is what it keeps naming.
  // Passages overlap: a sentence read twice (the end of one passage, the start of the next) counts once.
  const counts = new Map<string, number>()
  const seen = new Set<string>()
  for (const source of own) {
    for (const line of `${source.heading ?? ''}\n${source.text}`.split(/\r\n?|\n/u)) {
      for (const span of splitSentences(line)) {
        const sentence = line.slice(span.start, span.end).trim()
        if (seen.has(sentence)) continue
        seen.add(sentence)
        for (const term of tokenize(sentence).map(wordForm)) counts.set(term, (counts.get(term) ?? 0) + 1)
      }
    }
  }
  const weight = (term: string) => Math.log(counts.get(term) ?? 1)
  // A heading's list is the document's matter where its words recur in it ("Create a Model" in an API's
  // reference), not a page's navigation (a list of languages, each named once).
  const candidates = read
    .filter(
      ({ headed, terms }) =>
        !headed ||
        [...terms].filter((term) => (counts.get(term) ?? 0) >= 2).length >= terms.size * RECURRING_SHARE,
    )
    .map((candidate, order) => ({ ...candidate, order }))
  if (candidates.length === 0) return []
  const central = candidates.map(({ terms }) =>
    terms.size === 0 ? 0 : [...terms].reduce((sum, term) => sum + weight(term), 0) / Math.sqrt(terms.size),
  )
  const most = Math.max(...central, Number.EPSILON)
  const anyAbstract = candidates.some(({ abstract }) => abstract)
  // A document without an abstract states its point in its first sentence, not in a heading's list.
  const firstSentence = candidates.find(({ headed }) => !headed)?.order ?? -1
  // The rest of its paragraph is the lede: what a page says first about its subject.
  const lede = candidates[firstSentence]?.paragraph
  candidates.forEach((candidate, i) => {
    const held =
      title.size === 0 ? 0 : [...title].filter((term) => candidate.terms.has(term)).length / title.size
    candidate.score =
      central[i]! / most +
      TITLE_WEIGHT * held +
      (candidate.abstract ? OPENING_SECTION_BONUS : 0) +
      ((anyAbstract ? candidate.lead : candidate.order === firstSentence) ? LEAD_BONUS : 0) +
      (!anyAbstract && candidate.order !== firstSentence && candidate.paragraph === lede ? LEDE_BONUS : 0) +
      (selfReference(candidate.text) ? SELF_REFERENCE_BONUS : 0) -
      (LEANING.test(candidate.text) && !selfReference(candidate.text) ? LEANING_PENALTY : 0) -
      (POSITION_WEIGHT * candidate.order) / candidates.length
  })
  const chosen: Candidate[] = []
  let words = 0
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score || a.order - b.order)) {
    if (chosen.length === MAX_SENTENCES) break
    if (words + candidate.words > budget) continue
    if (chosen.some((other) => shared(candidate.terms, other.terms) > MAX_SHARED)) continue
    chosen.push(candidate)
    words += candidate.words
  }
  return chosen.sort((a, b) => a.order - b.order).map(({ text, source }) => ({ text, source }))
}

/**
 * The sentences a gist may quote from `own`, in reading order. `title` holds the word forms of the
 * document's title: a sentence may open with one in lower case, as a project named in lower case opens
 * its README ("tidylog is a small command-line tool…").
 */
function candidatesOf(
  own: readonly AnswerSource[],
  title: ReadonlySet<string>,
  /** The title as its heading prints it: a page's running header repeats it before the page's text. */
  titleLine = '',
): Candidate[] {
  const header = titleLine.replace(/\s+/gu, ' ').trim()
  const runningHeader = (text: string) =>
    header.split(' ').length >= RUNNING_HEADER_WORDS && text.startsWith(`${header} `)
  const candidates: Candidate[] = []
  let paragraph = 0
  const add = (text: string, source: number, fields: Pick<Candidate, 'lead' | 'abstract' | 'headed'>) =>
    candidates.some((other) => other.text === text) ||
    candidates.push({
      text,
      source,
      order: candidates.length,
      words: text.split(' ').length,
      terms: new Set(tokenize(text).map(wordForm)),
      score: 0,
      paragraph,
      ...fields,
    })
  // A paragraph labelled "Abstract—" that runs past its passage's end goes on as the next passage's first
  // line, under the same heading: the point of a paper's abstract ("In this respect, we propose…") is
  // often in its second half.
  let abstractRunsOn: string | null = null
  // Minutes' procedure says nothing of the business: who came, when it opened, when it closed. Minutes
  // are read as such by two items of procedure at least: a handbook's "Attendance" is its matter.
  const procedure = (source: AnswerSource) =>
    PROCEDURE_HEADING.test(source.heading?.split(' > ').at(-1)?.replace(SECTION_NUMBER, '') ?? '')
  const minutes = new Set(own.filter(procedure).map((source) => source.heading)).size >= MINUTES_PROCEDURES
  for (const source of own) {
    if (minutes && procedure(source)) continue
    let opening = openingHeading(source.heading?.split(' > ').at(-1) ?? '')
    // Whether the next sentence of an opening section is its first.
    let lead = opening
    const lines = passageLines(source.text)
    const continued = abstractRunsOn !== null && abstractRunsOn === (source.heading ?? '')
    abstractRunsOn = null
    // The lines a heading's list took for its items: no headings of their own.
    const itemLines = new Set<number>()
    lines.forEach((line, at) => {
      paragraph++
      if (!/[.!?:;]["'”’)\]]*$/u.test(line) && line.split(' ').length <= 10 && !line.includes('|')) {
        // A heading line of its own ("Syllabus", "Introduction") says what the lines under it are.
        opening = openingHeading(line)
        lead = opening
        // A list under a heading ("Endpoints" over "Generate a completion", "Create a Model", …): what the
        // document offers, one candidate with its first items.
        const items = itemLines.has(at) ? [] : listItems(lines, at)
        if (
          items.length >= MIN_HEADED_ITEMS &&
          PLAIN_ITEM.test(line) &&
          items.every((item) => item.split(' ').length <= MAX_LIST_ITEM_WORDS && PLAIN_ITEM.test(item)) &&
          !furniture(line, items)
        ) {
          for (let i = 1; i <= items.length; i++) itemLines.add(at + i)
          const text = `${line}: ${items
            .slice(0, MAX_LIST_ITEMS)
            .map((item) => item.replace(/[.;,]$/u, ''))
            .join('; ')}.`
          add(text, source.number, { lead: false, abstract: false, headed: true })
        }
        return
      }
      // Table rows, a table of contents' lines and a reference list's entries are no sentences of a gist.
      // So are a paper's keywords: "Keywords: Technology Acceptance, Information System Deployment, TAM".
      if (LEADERS.test(line) || line.includes('|') || referenceEntry(line) || KEYWORDS.test(line)) return
      const labelled = /^(?:abstract|summary)\b/iu.test(line)
      const abstract = opening || labelled || (continued && at === 0)
      if (labelled) lead = true
      if ((labelled || (continued && at === 0)) && at === lines.length - 1)
        abstractRunsOn = source.heading ?? ''
      for (const span of splitSentences(line)) {
        // A document's own footnote marks ("goose.[5]") would read as this answer's citations.
        let text = line
          .slice(span.start, span.end)
          .replace(/\[\d+\]/gu, '')
          .trim()
          .replace(ENUMERATOR, '')
          // "Abstract User acceptance of technology has been…": the label run into its paragraph's line.
          .replace(ABSTRACT_LABEL, '')
        // "Overview of the Technology Acceptance Model: … MY Chuttur extensions proposed to the original
        // TAM.": a page's running header run into the middle of a sentence the page before began.
        if (runningHeader(text)) continue
        // "Abstract " % & % ' % !": a page whose font maps its glyphs to no letters reads as symbols.
        const tokens = text.split(' ')
        if (tokens.filter((token) => WORDED.test(token)).length < tokens.length * MIN_WORDED_SHARE) continue
        if (ATTENDANCE.test(text) || MOTION.test(text) || EDITION.test(text)) continue
        if (URL_LIKE.test(text) || !(/^["“'‘(]?\p{Lu}/u.test(text) || titleNamed(text, title))) continue
        // A reference or a list of authors ("Faragalla, H.; Plotkin, A.; …").
        if ((text.match(/;/gu) ?? []).length >= 3) continue
        if (text.endsWith(':') && span.end >= line.length) {
          // "Some of the important concepts are:" says what the items after it are: they go with it.
          // Its items are short: a paragraph after them is the text going on.
          const all = listItems(lines, at)
          const end = all.findIndex((item) => item.split(' ').length > MAX_LIST_ITEM_WORDS)
          const items = end < 0 ? all : all.slice(0, end)
          // What follows "…respond with a redirect:" may be a transcript or code, not a list of points.
          if (
            items.length < 2 ||
            items.length > MAX_LIST_ITEMS ||
            items.some((item) => URL_LIKE.test(item) || !PLAIN_ITEM.test(item))
          )
            continue
          text = `${text} ${items.map((item) => item.replace(/[.;,]$/u, '')).join('; ')}.`
        } else if (!/[.!]["'”’)\]]*$/u.test(text)) continue
        else text = mainClause(text)
        const words = text.split(' ').length
        // "Paperweight converts .docx files into clean HTML.": a short first sentence naming the subject says
        // what the document is about.
        const least = candidates.length === 0 && titleNamed(text, title) ? MIN_NAMED_WORDS : MIN_WORDS
        if (words < least || words > MAX_WORDS) continue
        add(text, source.number, { lead: abstract && lead, abstract })
        lead = false
      }
    })
  }
  return candidates
}

/** Whether `text` opens with a word of the title: a name, whatever its case, not a sentence's middle. */
function titleNamed(text: string, title: ReadonlySet<string>): boolean {
  const first = /^[\p{L}\p{N}][\p{L}\p{N}_-]*/u.exec(text)?.[0]
  return first !== undefined && title.has(wordForm(first.toLowerCase()))
}

/** A sentence of a gist has words of letters: this share of its tokens at least. */
const MIN_WORDED_SHARE = 0.6
/** A line with a word of two letters at least: no number, no axis letter. */
const WORDED = /\p{L}{2}/u
/** A contents line: a section's title and its page ("Costs and Funding 8"). */
const PAGED = /\s\d{1,4}$/u
/** A cover page's line: who it was prepared for or by, its version, or its date alone ("April 2022"). */
const COVER_LINE =
  /^(?:(?:prepared|submitted|presented|written|compiled|produced|published|issued|revised)\b|by\s|version\s|(?:\d{1,2}\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:\d{1,2},?\s+)?\d{4}$)/iu

/**
 * Whether the lines under a heading are a document's furniture rather than its matter: a table of
 * contents (its heading, or every line ending in a page number) or a cover page (half its lines say who
 * it was prepared for or by, its version or its date), a chart's axis (a number over single letters) or
 * links repeated (one name over and over). "Community Broadband Feasibility Study" over
 * "Prepared for the Town of Millbrook…", "April 2022" says nothing the study finds.
 */
function furniture(heading: string, items: readonly string[]): boolean {
  // A chart's axis ("0.80" over "J", "F M A", "MJJASO") or a page's repeated links say nothing either.
  if (!WORDED.test(heading) || items.some((item) => !WORDED.test(item))) return true
  if (new Set(items.map((item) => item.trim().toLowerCase())).size < items.length) return true
  if (CONTENTS_TITLE.test(heading.trim()) || items.every((item) => PAGED.test(item.trim()))) return true
  return items.filter((item) => COVER_LINE.test(item.trim())).length * 2 >= items.length
}

/**
 * A long sentence without its trailing aside ("… guaranteed by the Fourteenth Amendment -- even though
 * …"), so that a gist has room for a second point.
 */
function mainClause(text: string): string {
  if (text.split(' ').length <= LONG_SENTENCE) return text
  const cut = /\s(?:--|—|–)\s|;\s/u.exec(text)
  if (!cut || text.slice(0, cut.index).split(' ').length < MIN_WORDS) return text
  return `${text.slice(0, cut.index).replace(/[,:]$/u, '')}.`
}

/** The share of `terms` that `other` holds too. */
function shared(terms: ReadonlySet<string>, other: ReadonlySet<string>): number {
  if (terms.size === 0) return 1
  return [...terms].filter((term) => other.has(term)).length / terms.size
}

/** A slide's or section's placeholder title ("Slide 2", "Section 1.2") or a shape's generated id: no topic. */
const UNTITLED =
  /^(?:(?:slide|section|part|chapter)\s+[\d.]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/iu
/** A deck's closing furniture: it says nothing of the topic. */
const BACK_MATTER =
  /^(?:thank\s+you!?|thanks!?|questions\??|any\s+questions\??|q\s*&\s*a|further\s+reading|references|bibliography|resources|contact(?:\s+us)?|notes|acknowledge?ments?|the\s+end|credits)$/iu
/** A deck's subtitle is its title slide's second line when that is this short (not a list of authors). */
const MAX_SUBTITLE_WORDS = 12
/** A title slide's line of this many words at most ("Lecture 1", "Part 2") reads on into the next. */
const FRAGMENT_WORDS = 3
/** A slide's line of at least this many words, ending as a sentence ends, is prose, not a bullet. */
const MIN_PROSE_WORDS = 12

/**
 * A deck's gist: its title slide (its title and the line under it), its first sentence of prose if it has
 * one ("AutoGen is an open-source framework…"), its agenda's parts, then its slides in order, each once,
 * with what each says first, at most GIST_WORDS words: "Math 260 Foundations of Geometry — Lecture 1
 * Euclidean Geometry. Elements: Thirteen books by Euclid." A slide's title alone named its topic and said
 * nothing of it; a slide of a table's rows is named by its title ("Slides: Headcount by term"). Placeholder
 * titles ("Slide 2") say nothing. Empty for any other document, or a deck with no titles.
 */
function deckGist(sources: readonly AnswerSource[]): string[] {
  const first = sources[0]
  if (!first || !DECK_FILE.test(first.filename)) return []
  const own = sources
    .filter((source) => source.document_id === first.document_id)
    .sort((a, b) => (a.page ?? 0) - (b.page ?? 0))
  const seen = new Set<string>()
  const fresh = (text: string): string | null => {
    const line = text.replace(/\s+/gu, ' ').trim()
    const key = line.toLowerCase()
    if (line === '' || UNTITLED.test(line) || seen.has(key)) return null
    seen.add(key)
    return line
  }
  const opening = own[0]!
  const [title, ...under] = opening.text
    .split(/\r\n?|\n/u)
    .map((line) => line.trim())
    .filter((line) => line !== '')
  // The subtitle is the title slide's next line, read on while it is a fragment ("Lecture 1" over
  // "Euclidean Geometry") or a label ("Purpose:") of the line after: a slide's paragraphs are lines.
  let labelled = ''
  for (const line of under) {
    if (labelled !== '' && !labelled.endsWith(':') && labelled.split(/\s+/u).length > FRAGMENT_WORDS) break
    labelled = `${labelled} ${line}`.trim()
  }
  const head = [
    title && fresh(title),
    labelled !== '' && labelled.split(/\s+/u).length <= MAX_SUBTITLE_WORDS + 1 && fresh(labelled),
  ].filter((line): line is string => typeof line === 'string' && line !== '')
  // A statement, not a question or a quip: "No way to know who is on the system (Your secretary?" is no lead.
  // Read on the slide after the title (a deck's opening statement); later slides' prose is a detail or
  // a speaker's note ("Click to apache.org Discuss status page…").
  const prose = own
    .filter((source) => (source.page ?? 1) <= (opening.page ?? 1) + 1)
    .flatMap((source) => source.text.split(/\r\n?|\n/u))
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .find((line) => line.split(' ').length >= MIN_PROSE_WORDS && /[.!]["'”’)]*$/u.test(line))
  const span = prose ? splitSentences(prose)[0] : undefined
  const opener = prose && span ? prose.slice(span.start, span.end).trim() : ''
  const lead = /[.!]["'”’)]*$/u.test(opener) && !URL_LIKE.test(opener) ? fresh(opener) : null
  const agenda = own.find((source) => AGENDA_TITLE.test(slideTitle(source)))
  const parts = agenda
    ? listItems(passageLines(agenda.text), 0).map((item) => item.replace(/[.;,:]$/u, ''))
    : []
  const covered = parts.length >= 2 ? `Covers: ${parts.join('; ')}` : null
  // Each slide's title with what it says first ("Why students leave: Cost of living and work hours;
  // Course scheduling conflicts"): a title alone names a topic and says nothing of it.
  const titles = own
    .filter((source) => source !== agenda && !BACK_MATTER.test(slideTitle(source)))
    .flatMap((source) => {
      const name = fresh(slideTitle(source).replace(/\s*:$/u, ''))
      return name === null ? [] : [{ name, detail: slideDetail(source, name, lead) }]
    })
  let words = 0
  const fits = (text: string) => {
    const count = text.split(' ').length
    if (words + count > GIST_WORDS) return false
    words += count
    return true
  }
  const opened = head.filter(fits)
  const said = lead && fits(lead) ? lead : null
  const outline = covered && fits(covered) ? covered : null
  const named = titles.filter(({ name, detail }) => fits(detail === null ? name : `${name} ${detail}`))
  if (opened.length + named.length + (said ? 1 : 0) + (outline ? 1 : 0) < 2) return []
  const sentence = (text: string) => (/[.!?:]["'”’)]*$/u.test(text) ? text : `${text}.`)
  const bare = named.filter(({ detail }) => detail === null).map(({ name }) => name)
  const gist = [
    opened.length > 0 ? sentence(opened.join(' — ')) : '',
    said ?? '',
    outline ? sentence(outline) : '',
    bare.length > 0 ? sentence(`Slides: ${bare.join('; ')}`) : '',
    // "Why are we here? Our nightly jobs run on…": a title asking is answered after it.
    ...named.flatMap(({ name, detail }) =>
      detail === null ? [] : [sentence(`${name}${/[?!]$/u.test(name) ? '' : ':'} ${detail}`)],
    ),
  ].filter((part) => part !== '')
  return [`${gist.join(' ')} [${opening.number}]`]
}

/**
 * What a slide says first, under its title `name`: its first lines of words (no table's row, no figure's
 * axis), joined, DETAIL_WORDS words at most, but the deck's `lead` quoted before; null for a slide with none.
 */
function slideDetail(source: AnswerSource, name: string, lead: string | null): string | null {
  const lines = passageLines(source.text)
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter((line) => line !== '' && line.replace(/\s*:$/u, '') !== name && line !== slideTitle(source))
    // The deck's lead, quoted already.
    .filter((line) => lead === null || !line.startsWith(lead.replace(/[.!]["'”’)]*$/u, '')))
  const said: string[] = []
  let words = 0
  for (const line of lines) {
    if (TABLE_ROW.test(line) || !WORDED.test(line)) break
    const count = line.split(' ').length
    // A first line of prose is quoted whole ("A container is a lightweight, isolated process that…").
    if (words + count > (said.length === 0 ? FIRST_DETAIL_WORDS : DETAIL_WORDS)) break
    said.push(line.replace(/[.;,:]$/u, ''))
    words += count
  }
  return said.length > 0 ? said.join('; ') : null
}

/** A slide's first lines are quoted up to this many words, its first alone up to FIRST_DETAIL_WORDS. */
const DETAIL_WORDS = 16
const FIRST_DETAIL_WORDS = 30

/**
 * The passages of a deck to read its gist from (`deckGist`), by number: its title slide, its agenda
 * slide if it has one, then the slides whose titles name what the deck keeps naming (the recurring
 * words of all its passages) and the slides taken do not name yet, `count` in all, in slide order. `slides` are the deck's passages in
 * order, one a slide title. Placeholder titles and closing slides ("Thank You", "Further Reading") are
 * passed over.
 */
export function deckOpening(slides: readonly AnswerSource[], count: number): number[] {
  const [title, ...rest] = slides
  if (!title) return []
  const counts = new Map<string, number>()
  for (const slide of slides) {
    for (const term of tokenize(`${slide.heading ?? ''}\n${slide.text}`).map(wordForm))
      counts.set(term, (counts.get(term) ?? 0) + 1)
  }
  const titled = rest.filter((slide) => {
    const name = slideTitle(slide)
    return name !== '' && !UNTITLED.test(name) && !BACK_MATTER.test(name)
  })
  const agenda = titled.filter((slide) => AGENDA_TITLE.test(slideTitle(slide))).slice(0, 1)
  // Each next slide names what the deck keeps naming and the slides taken do not name yet: three titles
  // on "talent review" say less than one each on talent review, succession pools and feedback.
  const said = new Set(agenda.flatMap((slide) => tokenize(slideTitle(slide)).map(wordForm)))
  const left = titled
    .filter((slide) => !agenda.includes(slide))
    .map((slide, order) => ({ slide, order, terms: [...new Set(tokenize(slideTitle(slide)).map(wordForm))] }))
  const others: AnswerSource[] = []
  // A title's words by how often the deck names them, a word a slide taken names already weighing less.
  const fresh = ({ terms }: { terms: string[] }) =>
    terms.length === 0
      ? 0
      : terms.reduce(
          (sum, term) => sum + Math.log(counts.get(term) ?? 1) * (said.has(term) ? SAID_AGAIN : 1),
          0,
        ) / Math.sqrt(terms.length)
  while (agenda.length + others.length < count - 1 && left.length > 0) {
    left.sort((a, b) => fresh(b) - fresh(a) || a.order - b.order)
    const next = left.shift()!
    others.push(next.slide)
    for (const term of next.terms) said.add(term)
  }
  const picked = new Set([...agenda, ...others])
  return [title, ...slides.filter((slide) => picked.has(slide))].map(({ number }) => number)
}

/** A word a slide taken already names weighs this share of its weight in the next slide's title. */
const SAID_AGAIN = 0.5

/** A slide's own title: the last part of its passage's heading. */
function slideTitle(source: AnswerSource): string {
  return (source.heading?.split(' > ').at(-1) ?? '').replace(/\s+/gu, ' ').trim()
}

/** A deck's or a form's title and section headings: what it is about when it has no sentences. */
/** A row of a table read as a line: more numbers than words ("Iowa 1.35 - 1.42 1.38 - 1.43"). */
function tableRow(line: string): boolean {
  const words = line.split(' ')
  const numbers = words.filter((word) => /^\(?[$€£]?\d[\d.,%]*\)?$/u.test(word)).length
  return numbers > words.filter((word) => /\p{L}/u.test(word)).length
}

function gistHeadings(sources: readonly AnswerSource[]): GistSentence[] {
  const first = sources[0]
  if (!first) return []
  const headings: GistSentence[] = []
  for (const source of sources.filter(({ document_id }) => document_id === first.document_id)) {
    for (const raw of source.text.split(/\r\n?|\n/u)) {
      const line = raw.replace(/\s+/gu, ' ').trim()
      if (line === '') continue
      if (
        !/[.!?:;]["'”’)\]]*$/u.test(line) &&
        line.split(' ').length <= 10 &&
        !line.includes('|') &&
        WORDED.test(line) &&
        !tableRow(line) &&
        !headings.some(({ text }) => text === line)
      ) {
        headings.push({ text: line, source: source.number })
      }
    }
  }
  return headings.slice(0, 6)
}
