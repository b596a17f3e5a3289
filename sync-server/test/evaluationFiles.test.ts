import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './startTestServer'

const NOTES = `# Observatory log

The comet was first seen on 12 March from the western dome, low above the horizon.

The main telescope has a mirror 1.8 metres across, ground in Jena in 1962.
`

describe('server-driven evaluation from a test-case file in DATA_DIR/evaluation', () => {
  let quire: Awaited<ReturnType<typeof startTestServer>>
  let collectionId: string
  const post = async (path: string, json: unknown) => {
    const response = await fetch(`${quire.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(json),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  beforeAll(async () => {
    quire = await startTestServer()
    const collection = await post('/api/collections/', { name: 'Observatory', description: 'log' })
    collectionId = String(collection.body.id)
    const form = new FormData()
    form.set('collection_id', collectionId)
    form.set('file', new Blob([NOTES], { type: 'text/markdown' }), 'observatory.md')
    await fetch(`${quire.url}/api/documents/`, { method: 'POST', body: form })
    await quire.idle()
    mkdirSync(join(quire.dataDir, 'evaluation', 'sets'), { recursive: true })
    // JSON Lines, as DESIGN.md allows next to the JSON object form.
    writeFileSync(
      join(quire.dataDir, 'evaluation', 'sets', 'observatory.jsonl'),
      [
        {
          id: 'comet',
          question: 'When was the comet first seen?',
          ground_truth: '12 March',
          category: 'dates',
        },
        { id: 'mirror', question: 'Where was the mirror ground?', ground_truth: 'Jena' },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n'),
    )
    writeFileSync(join(quire.dataDir, 'evaluation', 'broken.json'), '{"test_cases": [{"question": 1}]}')
  })
  afterAll(() => quire?.stop())

  it('runs the file and reports each result', async () => {
    const started = await post('/api/evaluation/run', {
      collection_id: collectionId,
      test_cases_path: 'sets/observatory.jsonl',
      config: { top_k: 2, use_hybrid_search: true },
    })
    expect(started.status).toBe(202)
    await quire.idle()
    const run = (await (
      await fetch(`${quire.url}/api/evaluation/results/${String(started.body.evaluation_id)}`)
    ).json()) as Record<string, unknown> & { results: Array<Record<string, unknown>> }
    expect(run).toMatchObject({
      status: 'completed',
      total_questions: 2,
      evaluated_count: 2,
      is_completed: true,
    })
    expect(run.results.map((result) => result.category)).toEqual(['dates', null])
    expect(run.correct_count).toBe(2)
    expect(run.config).toMatchObject({ top_k: 2, test_cases_path: 'sets/observatory.jsonl' })
  })

  it('answers 400 for paths outside the folder, missing files and malformed test cases', async () => {
    for (const path of ['../quire.db', '/etc/passwd', 'missing.json', 'sets']) {
      const response = await post('/api/evaluation/run', {
        collection_id: collectionId,
        test_cases_path: path,
      })
      expect(response.status, path).toBe(400)
      expect(String(response.body.detail), path).toMatch(/^test_cases_path: /)
    }
    const broken = await post('/api/evaluation/run', {
      collection_id: collectionId,
      test_cases_path: 'broken.json',
    })
    expect(broken.status).toBe(400)
    expect(String(broken.body.detail)).toMatch(/^test_cases: .*question/)
  })
})
