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
  const forms: string[] = []
  const text = question.normalize('NFKC')
  // "FY22", "FY 2022", "fiscal 22", "fiscal year 2022": the year.
  for (const match of text.matchAll(/\b(?:FY|fiscal(?:\s+year)?)\s*'?(\d{4}|\d{2})\b/giu)) {
    forms.push(fullYear(match[1]!))
  }
  // "Q2 2023", "Q2'23", "Q22023", "Q2-2023", "Q2 of 2023", "Q2 of FY2024": the quarter and the year.
  for (const match of text.matchAll(
    /\bQ([1-4])\s*(?:['’-]|\s+of\s+(?:FY|fiscal(?:\s+year)?)?\s*)?\s*'?(\d{4}|\d{2})\b/giu,
  )) {
    forms.push(...quarter(Number(match[1])), fullYear(match[2]!))
  }
  // "2Q23", "2Q 2023".
  for (const match of text.matchAll(/\b([1-4])Q\s*'?(\d{4}|\d{2})\b/giu)) {
    forms.push(...quarter(Number(match[1])), fullYear(match[2]!))
  }
  // A lone "Q2" and "second (fiscal) quarter" name each other.
  for (const match of text.matchAll(/\bQ([1-4])\b/giu)) forms.push(...quarter(Number(match[1])))
  for (const match of text.matchAll(/\b(first|second|third|fourth)\s+(?:fiscal\s+)?quarter\b/giu)) {
    forms.push(`Q${ORDINALS.indexOf(match[1]!.toLowerCase()) + 1}`)
  }
  return [...new Set(forms)]
}

const ORDINALS = ['first', 'second', 'third', 'fourth']

function quarter(n: number): string[] {
  return [`Q${n}`, `${ORDINALS[n - 1]!} quarter`]
}

function fullYear(digits: string): string {
  return digits.length === 2 ? `20${digits}` : digits
}

/**
 * The question with its `periodForms` added that it does not already hold: what is searched. A
 * form's words already in the question would count twice in BM25's sum.
 */
export function withPeriodForms(question: string, tokens: (text: string) => string[]): string {
  const present = new Set(tokens(question))
  const missing = periodForms(question).filter((form) => tokens(form).some((term) => !present.has(term)))
  return missing.length === 0 ? question : `${question} ${missing.join(' ')}`
}
