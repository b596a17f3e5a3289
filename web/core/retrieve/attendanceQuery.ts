/**
 * "who attended the pta meeting": minutes name who attended under "Present:" as often as under
 * "Attendees:", and search finds the first by neither "attended" nor the meeting's name (the line prints
 * names only). The question asked with minutes' other word ("who was present at the pta meeting"), to search
 * beside it; null for any other question.
 */
export function attendanceQuery(question: string): string | null {
  const match = ATTENDED.exec(question)
  return match ? `${match[1]}was present at ${match[2]}` : null
}

const ATTENDED = /^(.*?\bwho\s+)(?:attended|attends|came\s+to|went\s+to)\s+(.+)$/iu
