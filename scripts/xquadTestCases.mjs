import { readFile, writeFile } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Writes an evaluation test-case file from the shared corpus's XQuAD questions
 * (`qa/xquad-en/questions.jsonl`): the first N questions, in file order, as
 *
 *   {"test_cases": [{"id", "question", "ground_truth": <first answer>, "answers": [<all>],
 *                    "category": <the article's file name, e.g. "00_Super_Bowl_50.md">}]}
 *
 * The category is the file name the article has when uploaded, so results can be grouped by the
 * document each question is about. Used by tests and as a sample for the UI.
 *
 *   node scripts/xquadTestCases.mjs <count> <output.json>
 *
 * The corpus is found at CORPUS_DIR, else `../shared/corpus` beside the repository. Fails (exit 1) on a
 * count that is not a positive integer, a count above the number of questions, or a malformed line.
 */
const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)))

export async function xquadTestCases(
  count,
  corpus = process.env.CORPUS_DIR ?? `${repoRoot}/../shared/corpus`,
) {
  if (!Number.isSafeInteger(count) || count < 1)
    throw new Error(`count must be a positive integer, got ${count}`)
  const path = `${corpus}/qa/xquad-en/questions.jsonl`
  const lines = (await readFile(path, 'utf8')).split('\n').filter((line) => line.trim() !== '')
  if (count > lines.length) throw new Error(`${path} has ${lines.length} questions, fewer than ${count}`)
  const test_cases = lines.slice(0, count).map((line, index) => {
    const record = JSON.parse(line)
    const answers = record.answers
    if (
      typeof record.question !== 'string' ||
      !Array.isArray(answers) ||
      answers.length === 0 ||
      !answers.every((answer) => typeof answer === 'string' && answer.trim() !== '')
    ) {
      throw new Error(`${path}:${index + 1}: not a question with answers`)
    }
    return {
      id: String(record.id ?? index + 1),
      question: record.question,
      ground_truth: answers[0],
      answers,
      category: typeof record.doc === 'string' ? basename(record.doc) : null,
    }
  })
  return `${JSON.stringify({ test_cases }, null, 2)}\n`
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [countText, output] = process.argv.slice(2)
  if (countText === undefined || output === undefined) {
    console.error('usage: node scripts/xquadTestCases.mjs <count> <output.json>')
    process.exit(1)
  }
  try {
    await writeFile(output, await xquadTestCases(Number(countText)))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
