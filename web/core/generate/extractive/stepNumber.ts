import { numberedSteps, PAGE_NUMBER } from './listItems'
import { passageLines } from './passageLines'

/** A numbered step's line: "3. Select the relevant controls: …", "3) Restart the service". */
const NUMBERED_STEP = /^(\d{1,2})[.)]\s+\S/u

/** The number a line opens with as a numbered step ("3. Select …": 3), null where it is none. */
export function stepNumber(line: string): number | null {
  const match = NUMBERED_STEP.exec(line.trim())
  return match ? Number(match[1]) : null
}

/** A passage's lines but its page numbers, steps a PDF ran into one line apart ("2. Point … 3. Select …"). */
function contentLines(text: string): string[] {
  return passageLines(text)
    .filter((line) => !PAGE_NUMBER.test(line))
    .flatMap(numberedSteps)
}

/** The number of a passage's last numbered step, null where it has none. */
export function lastStepNumber(text: string): number | null {
  for (const line of contentLines(text).reverse()) {
    const number = stepNumber(line)
    if (number !== null) return number
  }
  return null
}

/**
 * The steps a passage opens with, numbered on from `from` ("2. Point the profile at the baseline", "3. …"),
 * each step's lines of detail between them aside; empty where its first line is not step `from`. A step
 * numbered out of turn ends them: another list's.
 */
export function stepsFrom(text: string, from: number): string[] {
  const lines = contentLines(text)
  if (stepNumber(lines[0] ?? '') !== from) return []
  const steps: string[] = []
  for (const line of lines) {
    const number = stepNumber(line)
    if (number === null) continue
    if (number !== from + steps.length) break
    steps.push(line)
  }
  return steps
}
