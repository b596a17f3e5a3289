import { HONORIFICS } from '../../retrieve/honorifics'
import { tokenize } from '../../retrieve/index/tokenize'
import { QUESTION_SHAPE, type QuestionUnderstanding } from '../../retrieve/understandQuestion'
import { askedNames } from './askedFor'
import { deedOf } from './askFocus'
import { askedDeed } from './deedFromRole'
import { doerOf } from './derivedWord'
import { extendsWord, wordForm } from './matchWord'
import { textValues } from './textValues'

/** What may stand between a name and the role after it: "Larry J. Merlo, age 63, President and CEO". */
const BETWEEN = /^(?:and|&|age|\d+|[,:;()—–-]+)$/u
const CAPITALISED = /^\p{Lu}/u
/** The longest line taken whole for "who": a signature's or an officers' list's line, not a table's column. */
const ROLE_LINE_WORDS = 24

/**
 * A line of a passage that names someone beside the role a "who" question asks for, short enough to
 * be one person's line ("/s/ Miguel Patricio Title: Chief Executive Officer"): quoted whole although
 * it reads as a heading, and a passage holding one is shown among the first. A long line is a
 * table's column of titles run together ("48 Chief Executive Officer 46 Executive Vice President…").
 */
export function roleHolderLine(line: string, understanding: QuestionUnderstanding): boolean {
  return line.split(' ').length <= ROLE_LINE_WORDS && nameBesideRole(line, understanding)
}

/**
 * A short line naming what the question asks about with its author and year in brackets after it: "The
 * Parallel Postulate (John Playfair 1795)" for "who came up with the parallel postulate". Every word of
 * the question but its shape and verbs is on the line, before the brackets.
 */
function attributedLine(line: string, understanding: QuestionUnderstanding): boolean {
  const attribution = ATTRIBUTION.exec(line)
  if (!attribution) return false
  const named = new Set(tokenize(line.slice(0, attribution.index)))
  const { words, tags } = textValues(understanding.ask)
  const asked = words
    .filter((_, i) => tags[i] === 'NOUN' || tags[i] === 'PROPN' || tags[i] === 'ADJ')
    .flatMap((word) => tokenize(word))
    .filter((term) => !QUESTION_SHAPE.has(term))
  return asked.length > 0 && asked.every((term) => named.has(term))
}

/** "(John Playfair 1795)", "(Dijkstra, 1959)": a name of one to three capitalised words and a year, in brackets. */
const ATTRIBUTION = /\((?:\p{Lu}[\p{L}'’.-]*\s+){0,2}\p{Lu}[\p{L}'’-]+,?\s+(?:1[5-9]|20)\d\d\)/u

/**
 * Whether the sentence prints a person's name beside the role a "who" question asks for: a run of
 * capitalised words just before the role ("John J. Donahoe II, President and Chief Executive Officer",
 * "Name: Miguel Patricio Title: Chief Executive Officer"), or right after it ("Chairman and CEO Ramon
 * Laguarta", "audited by PricewaterhouseCoopers LLP"). The role is an acronym the question uses, the
 * capitalised words that spell it ("Chief Executive Officer" for "CEO") or a form the documents define
 * for it, else the question's words that are not the names it is about, together, in any form of
 * each ("quarterback" in "Who was the Broncos' quarterback?", "audited" for "Who audits Acme?").
 * Words of the question do not count towards the name, and it takes two capitalised words: "our Chief
 * Executive Officer and Chief Financial Officer" names nobody, nor does "Mr. Basilio served as Chief
 * Executive Officer of América Latina" name the role's holder beside it. A name in brackets after what is
 * asked about, with a year, is beside it too (`attributedLine`).
 */
export function nameBesideRole(text: string, understanding: QuestionUnderstanding): boolean {
  if (attributedLine(text, understanding)) return true
  const raw = text.split(/\s+/u).filter((token) => token !== '')
  const words = raw.map((token) => tokenize(token))
  const spans = roleSpans(raw, words, understanding)
  if (spans.length === 0) return false
  const subjects = new Set(
    understanding.names.filter((name) => !understanding.acronyms.includes(name) && !/^\d+$/u.test(name)),
  )
  const asked = new Set([
    ...understanding.terms,
    ...spans.flatMap(([start, end]) => words.slice(start, end + 1).flat()),
  ])
  return spans.some(([start, end]) => {
    if (nameRun(raw, words, asked, start - 1, -1, subjects)) return true
    // "Treasurer, Finance Committee" names no one after the role; "Treasurer: Priya Nair" does.
    if (/[,;]$/u.test(raw[end]!)) return false
    // The doer of a verb in the passive: "has been audited by PricewaterhouseCoopers LLP"; a table's row
    // or an infobox's, the role's cell then the name's ("Founder | Netscape Communications").
    const next = raw[end + 1]?.toLowerCase() === 'by' || raw[end + 1] === '|' ? end + 2 : end + 1
    return nameRun(raw, words, asked, next, 1, subjects)
  })
}

/** Where the sentence prints the role, as [first, last] token positions. */
function roleSpans(
  raw: readonly string[],
  words: ReadonlyArray<readonly string[]>,
  understanding: QuestionUnderstanding,
): Array<[number, number]> {
  const single = words.map((parts) => (parts.length === 1 ? parts[0]! : ''))
  const phrases: string[][] = []
  for (const acronym of understanding.acronyms) {
    phrases.push([acronym])
    for (const alias of understanding.aliases) if (alias.terms.includes(acronym)) phrases.push(...alias.forms)
  }
  const spans: Array<[number, number]> = []
  for (const phrase of phrases) {
    for (let i = 0; i + phrase.length <= single.length; i++) {
      if (phrase.every((word, k) => single[i + k] === word)) spans.push([i, i + phrase.length - 1])
    }
  }
  for (const acronym of understanding.acronyms) {
    for (let i = 0; i + acronym.length <= raw.length; i++) {
      const spelled = [...acronym].every(
        (letter, k) => CAPITALISED.test(raw[i + k]!) && (single[i + k] ?? '').startsWith(letter),
      )
      if (spelled) spans.push([i, i + acronym.length - 1])
    }
  }
  if (understanding.acronyms.length > 0) return spans
  // A name typed in lower case ("enron's chief risk officer") is whom the role is of, not the role.
  const subject = new Set([...understanding.names, ...askedNames(understanding)])
  // "who chaired counter when the uksg talk was given": the clause after "when" says when, not which role.
  const main = new Set(tokenize(understanding.ask.split(CLAUSE)[0] ?? ''))
  // "who was cnia's treasurer": the owner before "'s" is whose role it is, however it is typed.
  const owners = new Set(
    [...understanding.ask.matchAll(/([\p{L}\p{N}]+)(?:['’]s|s['’])(?=\s)/gu)].flatMap((match) =>
      tokenize(match[1]!),
    ),
  )
  // A follow-up's words carried from the question before keep its subject: "and who's the project director?"
  // asks for the director, whoever chaired what.
  const role = understanding.terms.filter(
    (term) =>
      main.has(term) &&
      !subject.has(term) &&
      !owners.has(term) &&
      !QUESTION_SHAPE.has(term) &&
      !understanding.carried.includes(term) &&
      // "who was cnia's treasurer in 2011": the year says when, not which role.
      !/^\d+$/u.test(term),
  )
  // "who is the treasurer of the gardening club", "who was elected president of…": where the line does
  // not print all of them together ("Treasurer: Priya Nair" on the club's slide), the role is the words
  // before the first preposition, then the nouns among them: what follows says whose role it is, and the
  // verb how it was got. Narrowed, the role is a label's ("Treasurer: Priya Nair", "Treasurer – Robin Carriere"), not any
  // mention of the word: "The Block II crew positions…" names no main crew.
  // "who founded harbourside cider": the one who does the deed, labelled ("Founder | Margaret Ellery").
  const deed = askedDeed(understanding.ask)?.verb
  const roles = [role, ...narrowerRoles(understanding.ask, role), ...(deed ? [tokenize(deed)] : [])]
  for (const [n, words] of roles.entries()) {
    if (words.length === 0) continue
    for (let i = 0; i + words.length <= single.length; i++) {
      const run = single.slice(i, i + words.length)
      const end = i + words.length - 1
      const labels = /:$/u.test(raw[end]!) || /^[—–|-]+$/u.test(raw[end + 1] ?? '')
      if (words.every((term) => run.some((word) => sameRole(term, word))) && (n === 0 || labels))
        spans.push([i, end])
    }
    if (spans.length > 0) break
  }
  return spans
}

/** Where a role's words end and whose role it is begins: "treasurer | of the club". */
const ROLE_ENDS = /\s(?:of|at|for|in|on|from|with|within)\s/iu

/** The role's words before the first preposition of the ask, then the nouns among those. */
function narrowerRoles(ask: string, role: readonly string[]): string[][] {
  const before = new Set(tokenize(ask.split(ROLE_ENDS)[0] ?? ''))
  const head = role.filter((term) => before.has(term))
  const { words, tags } = textValues(ask)
  const nouns = new Set(
    words.filter((_, i) => tags[i] === 'NOUN' || tags[i] === 'PROPN').flatMap((word) => tokenize(word)),
  )
  const named = head.filter((term) => nouns.has(term))
  // "who advised the capstone team": the doer of the deed, whatever it was done to ("Advisor: Karen Holt").
  const deed = deedOf(ask)?.attribute
  const doer = deed !== undefined && role.includes(deed) ? [deed] : []
  return [head, named, doer].filter((words) => words.length > 0 && words.length < role.length)
}

/** A title before a name, its full stop after it: "Prof.", "Dr.". */
const HONORIFIC = new RegExp(String.raw`^${HONORIFICS}\.$`, 'u')

/** The suffix of a company's name: "LLC", "LLP", "PLC", "GmbH"; in capitals it is no heading. */
const COMPANY_SUFFIX = /^(?:LLC|LLP|PLC|INC|LTD|GMBH|CORP|NV|BV|AG|SA|SAS|PTY|CO)\b[.,]?$/u

/** What opens a subordinate clause: its words are the time or the reason, not the role asked about. */
const CLAUSE = /\s(?:when|while|whereas|after|before|during|since|because|until|once)\s/iu

/** A word of the role in any form: "audits", "audited" and "auditor" ("audit" and its doer), "advised" and "Advisor". */
function sameRole(term: string, word: string): boolean {
  if (word === '') return false
  if (term === word || wordForm(term) === wordForm(word)) return true
  return extendsWord(wordForm(term), wordForm(word)) || doerOf(term, word)
}

/**
 * Whether, from `from` in direction `step`, capitalised words hold at least two that are not the
 * question's own: before the role, what may stand between a name and its title is skipped; after it,
 * the name follows directly ("CEO Ramon Laguarta", not "Officer, Africa, Middle East").
 */
function nameRun(
  raw: readonly string[],
  words: ReadonlyArray<readonly string[]>,
  asked: ReadonlySet<string>,
  from: number,
  step: 1 | -1,
  subjects: ReadonlySet<string>,
): boolean {
  let fresh = 0
  for (let i = from; i >= 0 && i < raw.length; i += step) {
    const token = raw[i]!
    if (step < 0 && BETWEEN.test(token.replace(/[,;:]$/u, '') || token)) continue
    // "Treasurer – Robin Carriere": a dash or a colon standing between the role and the name after it.
    if (step > 0 && i === from && /^[:—–-]+$/u.test(token)) continue
    const bare = token.replace(/^[("“/]+/u, '')
    if (!CAPITALISED.test(bare)) break
    // A heading in capitals ("CERTIFICATION OF CHIEF FINANCIAL OFFICER PURSUANT TO…") names nobody;
    // an initial ("J.") or a short suffix ("II") is part of a name, and so is a company's ("Harbor View
    // Properties LLC (“Landlord”)").
    if (/^\p{Lu}{3,}/u.test(bare) && !/^[IVX]+\b/u.test(bare) && !COMPANY_SUFFIX.test(bare)) break
    // The question's subject names an organisation, not its officer: "CEO Amazon Web Services".
    if (words[i]!.some((word) => subjects.has(word))) break
    if (!words[i]!.every((word) => asked.has(word))) fresh++
    if (fresh >= 2) return true
    // "Advisor: Prof. Karen Holt": a title's full stop goes on to the name.
    if (step > 0 && /[,;:.]$/u.test(token) && !/^\p{Lu}\.$/u.test(token) && !HONORIFIC.test(token)) break
  }
  return false
}
