import { questionPeriods } from './questionPeriods'

/**
 * Periods as questions write them ("FY22", "Q2'23", "Q22023", "2Q 2023", "second fiscal quarter")
 * in the forms documents print them: a four-digit year, "Q2", "second quarter". Returned as extra
 * words to search beside the question; the question itself is searched as written. A grammar of
 * dates, not a word list: it knows years, quarters and halves, nothing of any subject.
 *
 * How it fails: a two-digit year is read as 20xx ("FY98" becomes 2098, which matches nothing, no
 * harm done), and a fiscal quarter is not turned into calendar months (a company's Q2 may end in
 * June or in August; only the document knows).
 */
export function periodForms(question: string): string[] {
  const forms = questionPeriods(question).flatMap((period) => [
    ...(period.quarter === null ? [] : [`Q${period.quarter}`, `${ORDINALS[period.quarter - 1]!} quarter`]),
    ...(period.year === null ? [] : [period.year]),
  ])
  return [...new Set(forms)]
}

const ORDINALS = ['first', 'second', 'third', 'fourth']

/**
 * The question with its `periodForms` added that it does not already hold: what is searched. A
 * form's words already in the question would count twice in BM25's sum.
 */
export function withPeriodForms(question: string, tokens: (text: string) => string[]): string {
  const present = new Set(tokens(question))
  const missing = periodForms(question).filter((form) => tokens(form).some((term) => !present.has(term)))
  return missing.length === 0 ? question : `${question} ${missing.join(' ')}`
}
