/** One printed amount: digits with separators, a currency sign before, brackets for a negative. */
const AMOUNT = /[$€£¥]?\s?\(?[-–]?\d[\d,]*(?:\.\d+)?\)?%?/gu
/** A label cell ending in amounts, a currency sign after the last one perhaps ("Revenues $ 44,538 $ 37,403 $"). */
const GLUED = /^(.*\p{L}.*?)((?:\s+[$€£¥]?\s?\(?[-–]?\d[\d,]*(?:\.\d+)?\)?%?)+)(?:\s*[$€£¥])?$/u
const YEAR = /^(?:19|20)\d\d$/u

/**
 * A table row whose first cells a PDF's text layer glued to its label, put back in their columns:
 * `Revenues $ 44,538 $ 37,403 $ | | | 39,117` (the cells of 2021 and 2020 printed inside the label,
 * their own columns left empty) reads `Revenues | $ 44,538 | $ 37,403 | 39,117`. Only where exactly as
 * many cells as there are amounts follow the label empty: a label that ends in a number of its own
 * ("Notes due 2025 | 500", "Series 2 | | 300" with one empty cell and no currency) is left as it is,
 * and years are never taken for amounts.
 */
export function ungluedCells(cells: readonly string[]): string[] {
  const match = GLUED.exec(cells[0] ?? '')
  if (!match) return [...cells]
  const amounts = [...(match[2] ?? '').matchAll(AMOUNT)].map(([amount]) => amount.trim())
  const plain = amounts.every((amount) => /^\(?\d+\)?$/u.test(amount))
  // Bare whole numbers after a label are as likely its own ("Tier 1", "Note 12") as glued cells.
  if (amounts.length === 0 || plain || amounts.some((amount) => YEAR.test(amount))) return [...cells]
  const following = cells.slice(1, 1 + amounts.length)
  if (following.length < amounts.length || following.some((cell) => cell !== '')) return [...cells]
  if (!cells.slice(1 + amounts.length).some((cell) => cell !== '')) return [...cells]
  return [match[1]!.trim(), ...amounts, ...cells.slice(1 + amounts.length)]
}
