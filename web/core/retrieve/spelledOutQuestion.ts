import { asksSpelling } from './asksSpelling'
import { acronymDefinition } from './acronymDefinition'
import { capitalisedRun, initialsInOrder, wordsRun } from './spelledByInitials'
import { tokenize } from './index/tokenize'
import type { DefinedTerm, QuestionUnderstanding } from './understandQuestion'

/**
 * The question with each acronym that no found passage prints written out: as a document of the
 * collection defines it by its initials ("Chief Executive Officer (CEO)"), or else, for one typed in
 * capitals, as a found passage prints its initials' words as a name; null where nothing is written out
 * (an acronym printed as typed, one the question spells itself, or a ticker nothing spells out). One
 * typed in lower case may be a word ("vs", "all"): only a definition in a document the passages come
 * from (`foundTerms`) spells it, so "sales 2023 vs 2022" is not read with another filing's "Las Vegas
 * Strip (VS)". Part of an ampersand name ("PP&E") is not an acronym of its own. Search matches words, and filings write "Chief Executive Officer", rarely "CEO": "Who is
 * the CEO of Kraft Heinz?" found passages naming Kraft Heinz and none its officers, while the question
 * written out found the officers' page (`searchChunks`, which searches it in the question's place).
 * A spelling by one-letter words is none: "J.P. Morgan" does not spell "JPM". Asked what an acronym
 * stands for, where the passages print it but none defines it, the question gets the long form a document
 * defines for it added. `sequences` are the passages' words (`tokenize`), when the caller has them already.
 */
export function spelledOutQuestion(
  question: string,
  passages: readonly string[],
  understanding: QuestionUnderstanding,
  foundTerms: readonly DefinedTerm[],
  sequences: ReadonlyArray<readonly string[]> = passages.map((text) => tokenize(text)),
): string | null {
  if (understanding.acronyms.length === 0) return null
  const typed = tokenize(question)
  let spelledOut = question
  const definitions: string[] = []
  for (const acronym of understanding.acronyms) {
    if (sequences.some((sequence) => sequence.includes(acronym))) {
      // "what does IKWG stand for": passages that use it abound, the one that defines it may not be among
      // them; searched with the long form the collection defines, that one ranks first (it prints both).
      const defined =
        asksSpelling(question) && !passages.some((text) => acronymDefinition(text, acronym)?.spelled)
          ? understanding.aliases
              .filter(({ terms }) => terms.length === 1 && terms[0] === acronym)
              .flatMap(({ forms }) => forms)
              .find((form) => initialsInOrder(acronym, form.join(' ')))
          : undefined
      if (defined) definitions.push(defined.join(' '))
      // "how big can an adu be": where only its definition prints it ('"Accessory dwelling unit" or "ADU"
      // means'), the document says the rest in the long form, which is searched beside the acronym.
      else if (!asksSpelling(question)) {
        const printers = passages.filter((_, i) => sequences[i]!.includes(acronym))
        const spelled = printers.map((text) => acronymDefinition(text, acronym))
        const long = spelled[0]?.long
        if (long && spelled.every((definition) => definition?.spelled && definition.long === long))
          definitions.push(long)
      }
      continue
    }
    // "days payable outstanding (DPO)": the question spells it itself.
    if (wordsRun(acronym, typed)) continue
    if (new RegExp(`\\b${acronym}&|&${acronym}\\b`, 'iu').test(question)) continue
    const capitals = typedInCapitals(question, acronym)
    const spelled = capitals
      ? (definedSpelling(acronym, understanding.aliases) ?? passageSpelling(acronym, passages, sequences))
      : definedSpelling(acronym, termAliases(acronym, foundTerms))
    if (spelled) spelledOut = spelledOut.replace(new RegExp(`\\b${acronym}\\b`, 'giu'), spelled.join(' '))
  }
  if (definitions.length > 0) spelledOut = `${spelledOut} ${definitions.join(' ')}`
  return spelledOut === question ? null : spelledOut
}

/**
 * A spelling a found passage prints as a name, each word capitalised ("Chief Financial Officer"):
 * an acronym stands for a name, and initials alone are read into any run of words ("cash flow from
 * operations", "caviar, a food ordering" for CFO).
 */
function passageSpelling(
  acronym: string,
  passages: readonly string[],
  sequences: ReadonlyArray<readonly string[]>,
): string[] | null {
  for (const [i, sequence] of sequences.entries()) {
    const run = capitalisedRun(acronym, passages[i]!, sequence)
    if (run) return run
  }
  return null
}

/** Whether the question writes the acronym in capitals ("CFO"), not as a word that may be one ("vs"). */
function typedInCapitals(question: string, acronym: string): boolean {
  return (
    new RegExp(`\\b${acronym}\\b`, 'iu').test(question) &&
    new RegExp(`\\b${acronym.toUpperCase()}`, 'u').test(question)
  )
}

/** The long forms these terms give the acronym, as `QuestionUnderstanding.aliases` holds them. */
function termAliases(acronym: string, terms: readonly DefinedTerm[]): QuestionUnderstanding['aliases'] {
  return terms
    .filter(({ short }) => short.toLowerCase() === acronym)
    .map(({ long }) => ({ terms: [acronym], forms: [tokenize(long)] }))
}

/** A long form defined for the acronym whose words it is the initials of, if any. */
function definedSpelling(acronym: string, aliases: QuestionUnderstanding['aliases']): string[] | null {
  for (const alias of aliases) {
    if (alias.terms.length !== 1 || alias.terms[0] !== acronym) continue
    const form = alias.forms.find((words) => words.length === acronym.length && wordsRun(acronym, words))
    if (form) return form
  }
  return null
}
