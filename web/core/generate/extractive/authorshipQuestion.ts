import { HONORIFICS } from '../../retrieve/honorifics'
import { textValues } from './textValues'
import { passageLines } from './passageLines'

/**
 * Whether a question asks who wrote a document: "who wrote the tracemonkey paper", "who is the author
 * of X", "X authors", "who are the authors?", "written by whom", or who gave a talk: "who gave the
 * tuning talk", "who presented it", "who is the speaker", "name the presenters of the tuning talk". Its answer is the document's byline
 * (`bylineOf`), which shares no words with the question. English phrasings only.
 */
export function authorshipQuestion(ask: string): boolean {
  return AUTHORSHIP.test(ask.toLowerCase())
}

const AUTHORSHIP =
  /\bwho\s+(?:wrote|authored|writes|penned|prepared|presented|presents|spoke)\b|\bwho\s+(?:gave|gives|delivered|did)\b.{0,60}\b(?:talk|presentation|lecture|speech|keynote|slides|deck|session|webinar)\b|\bwho\s+(?:is|are|was|were)\s+(?:the\s+)?(?:speakers?|presenters?)\b|\b(?:authors?|presenters?|speakers?)\s+of\s+(?:the|this|that)\b|\bauthors?\s+of\b|\bauthors?\s*[?.!]*$|\bwho\s+(?:is|are|was|were)\s+(?:the\s+)?authors?\b|\bwritten\s+by\s+(?:whom|who)\b/u

/** The words of such a question that ask for its authors rather than name the document. */
export const AUTHORSHIP_CUES: ReadonlySet<string> = new Set(
  'wrote authored writes penned prepared author authors written whom presented presents gave delivered spoke speaker speakers presenter presenters'.split(
    ' ',
  ),
)

/** A byline is read from this many first lines of a document's opening passage. */
const BYLINE_LINES = 6
/** A name is this many words at most ("Ryen W. White", "Mohammad R. Haghighat"). */
const MAX_NAME_WORDS = 4
/** A line of more names than this is a list of something else. */
const MAX_NAMES = 40
/** A name's word: capitalised, an initial ("W."), or a particle ("van", "de"). */
const NAME_WORD =
  /^(?:\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}[\p{Ll}]*)?|\p{Lu}\.|\p{Lu}\.\p{Lu}\.|van|von|de|da|del|der|la|le|bin|al)$/u
/**
 * A speaker's or an author's address after the name ("Sander Temme <sander@temme.net>", "Satoshi
 * Nakamoto satoshin@gmx.com www.bitcoin.org"), a web address after it allowed.
 */
const ADDRESS =
  /\s*[<(]?[\w.+-]+@[\w.-]+\.\p{L}{2,}[>)]?(?:\s+(?:https?:\/\/)?(?:www\.)?[\w-]+(?:\.[\w-]+)+\/?)?$/u
/**
 * Where a title slide's speakers run into their affiliation on one line ("Mark Arnold Colin Walter
 * University of Manchester Institute of Science and Technology"): the word that opens the affiliation.
 */
const AFFILIATION =
  /\s(?:(?:The\s+)?(?:University|Universidad|Université|Universität|Institute|College|School|Department|Dept\.?|Faculty|Laboratory|Laboratories|Lab|Labs|Centre|Center|Hospital|Foundation|Agency|Ministry|Council|Association|Society)\b|Inc\.?$|Ltd\.?$|LLC$|Corp(?:oration|\.)?$)/u
/** Names before an affiliation: two to four people. */
const MAX_AFFILIATED_WORDS = 8
/** A line that is "By" and the names of who wrote the article, nothing else. */
const BY_LINE = /^By\s+(\p{Lu}[\p{L}\p{M}\s.,'’&-]{2,120})$/u
/** "Presented by …", "Prepared by: …": who gave or wrote it, named after. */
const PRESENTED_BY =
  /^(?:presented|prepared|written|delivered|compiled|authored)\s+by\s*:?\s+(\p{Lu}.{2,160})$/iu
/** "Speakers: …", "Team 7: …": a label of the people a document is by, then their names. */
const NAMES_LABEL =
  /^(?:presenters?|speakers?|authors?|presented\s+by|team(?:\s+[\p{L}\d]{1,12})?|team\s+members|group\s+members|members)\s*:\s*(\p{Lu}.{2,160})$/iu
/** A degree or title after a name ("Maria Lopez, Ph.D."), or "Dr." before one: the line is a person's. */
export const CREDENTIALS = /(?:,\s*(?:Ph\.?\s?D|M\.?D|MBA|J\.?D|Ed\.?D|DNP|MPH|MSc|CPA|Esq|FRCP|RN)\.?)+$/u
/** A title before a name ("Dr. Alicia Moreno", "Prof. Ann Lee"): the line is a person's. */
export const HONORIFIC = new RegExp(String.raw`^${HONORIFICS}\.?\s+`, 'u')
/** Affiliation and footnote marks after a name ("Gal∗+", "Haghighat$", "Smith1,2"). */
const MARKS = /[∗*†‡§¶#$+^\d]+$/u

/**
 * The authors a document's opening passage names under its title: a line of two or more names
 * separated by commas or "and" ("Andreas Gal∗+, Brendan Eich∗, …", "Qingyun Wu , Gagan Bansal , …"),
 * marks and numbers of affiliations left out; or, below the title, a line of one name with an address
 * ("Sander Temme <sander@temme.net>"), or of names run into their affiliation ("Mark Arnold Colin
 * Walter University of Manchester…", given with it); or a news article's "By" line of names ("By Nelson D.
 * Schwartz"); on a title slide (`titleSlide`), a name alone on the line under the title. Null when its first
 * lines hold no such line.
 */
export function bylineOf(text: string, titleSlide = false): string | null {
  const lines = passageLines(text).slice(0, BYLINE_LINES)
  const affiliated: string[] = []
  for (const [i, line] of lines.entries()) {
    // A title slide's speaker on the line under its title, their affiliation below ("Emerson Murphy-Hill"
    // over "Portland State"): a name alone there is who gave the talk, where a subtitle would have words
    // of another kind ("Part 1: Scaling Up", "Lessons from Five States").
    if (titleSlide && i === 1 && lines.length > 2 && isNameList([line], line)) return line
    // "By Nelson D. Schwartz", "By Jane Doe and John Roe": a news article's byline under its headline.
    // "By Dana Whitaker · March 3, 2021 · 6 min read": the byline's first part.
    const by = i > 0 ? BY_LINE.exec(line.split(/\s+[·|•—–]\s+/u)[0]!) : null
    if (by) {
      const parts = by[1]!.split(/\s*,\s*|\s+and\s+|\s*&\s*/u).filter((part) => part !== '')
      if (parts.length <= MAX_NAMES && isNameList(parts, by[1]!)) return parts.join(', ')
    }
    // "Presented by Maria Lopez", "Speakers: Ann Lee and Bo Chen", "Team 7: Alice Chen, Ben Moreno": a
    // label saying the names after it are who wrote or gave it, one name or several.
    const labelled = i > 0 ? (PRESENTED_BY.exec(line) ?? NAMES_LABEL.exec(line)) : null
    if (labelled) {
      const parts = splitNames(labelled[1]!)
      if (parts.length <= MAX_NAMES && isNameList(parts, labelled[1]!)) return parts.join(', ')
    }
    // "Maria Lopez, Ph.D.", "Dr. Ann Lee": one name with a degree or title is a person's line.
    const credited =
      i > 0 ? (CREDENTIALS.exec(line) ?? (HONORIFIC.test(line) ? { index: line.length } : null)) : null
    if (credited) {
      const name = line.slice(0, credited.index).replace(HONORIFIC, '').trim()
      if (name !== '' && isNameList([name], name)) return line
    }
    // One name alone is a byline only with the speaker's address: a title slide's subtitle ("Part 1:
    // Scaling Up") or a heading may be capitalised words too.
    const address = ADDRESS.exec(line)
    if (i > 0 && address && address.index > 0) {
      const name = line.slice(0, address.index).trim()
      if (isNameList([name], name)) return name
    }
    // "Mark Arnold Colin Walter University of Manchester": names, then where they work.
    const affiliation = i > 0 ? AFFILIATION.exec(line) : null
    if (affiliation && affiliation.index > 0) {
      const names = line.slice(0, affiliation.index).replace(/,$/u, '').trim()
      // "Dr. Lena Ortiz, Center for Digital Equity": the title is no word of the name.
      const bare = names.replace(HONORIFIC, '')
      const words = bare.split(' ')
      // "Mei Tanaka, Oluwaseun Adeyemi, Carlos Ibáñez Department of…": names apart by commas, then where
      // they work, one paragraph of a PDF.
      const people = splitNames(bare)
      if (people.length > 1 && people.length <= MAX_NAMES && isNameList(people, bare)) {
        affiliated.push(`${people.join(', ')} (${line.slice(affiliation.index).replace(MAIL, '').trim()})`)
        continue
      }
      if (
        words.length >= 2 &&
        words.length <= MAX_AFFILIATED_WORDS &&
        isNameList([bare], bare, MAX_AFFILIATED_WORDS)
      ) {
        // A paper's authors each over their own affiliation, read as one line each ("Alex Rivera
        // Department of Computer Science Northfield University arivera@…", then "Ming Zhou School of…"):
        // every one of them, their addresses left out.
        affiliated.push(`${names} (${line.slice(affiliation.index).replace(MAIL, '').trim()})`)
        continue
      }
    }
    if (affiliated.length > 0) break
    const parts = splitNames(line)
    // "Priya Raman, Tomas Eklund and Grace Mwangi, Northfield Institute of Child Health": names, then
    // where they all work, after the last comma.
    const workplace = parts.length >= 3 && i > 0 ? parts.at(-1)! : ''
    if (AFFILIATION.test(` ${workplace}`)) {
      const names = parts.slice(0, -1)
      if (names.length <= MAX_NAMES && isNameList(names, names.join(', ')))
        return `${names.join(', ')} (${workplace})`
    }
    if (parts.length < 2 || parts.length > MAX_NAMES) continue
    if (isNameList(parts, line)) return parts.join(', ')
  }
  return affiliated.length > 0 ? affiliated.join('; ') : null
}

/** A mail address after an author's affiliation. */
export const MAIL = /\s*[<(]?[\w.+-]+@[\w.-]+\.\p{L}{2,}[>)]?/gu

/**
 * A line's names, split at commas and "and", marks of affiliation left out, and the full stop that ends
 * a title slide's line of names ("…, Alexander Sanchez-Stern, Zachary Tatlock.").
 */
function splitNames(line: string): string[] {
  return line
    .replace(/(?<=\p{Ll}{2})\.$/u, '')
    .split(/\s*,\s*|\s+and\s+|\s*&\s*/u)
    .map((part) => part.replace(MARKS, '').trim())
    .filter((part) => part !== '')
}

/** Whether every part is a name's words, and at least half of them names by the language model. */
function isNameList(parts: readonly string[], line: string, maxWords = MAX_NAME_WORDS): boolean {
  const names = parts.every((part) => {
    const words = part.split(' ').map((word) => word.replace(MARKS, ''))
    return (
      words.length >= 2 &&
      words.length <= maxWords &&
      words.every((word) => NAME_WORD.test(word)) &&
      /^\p{Lu}/u.test(words.at(-1)!)
    )
  })
  // Capitalised words may be a list's headings ("Job Expenses, Certain Deductions"): names are words
  // the language model, reading them in lower case, tags as proper nouns or does not know.
  const proper = new Set(textValues(line.toLowerCase()).names)
  const named = parts.filter((part) => part.split(' ').some((word) => proper.has(word.toLowerCase())))
  return names && named.length * 2 >= parts.length
}
