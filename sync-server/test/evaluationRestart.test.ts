import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { signUpForTest } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

// Enough that the run is still going when the test stops it (it stops once a result is stored; each
// question takes 25-35 ms here), few enough that answering them is not the test's time.
const QUESTIONS = 400

// An evaluation run is an `evaluation_run` job: stopped half way (the server shuts down), it goes on
// after the restart where it stopped — every question answered once, none twice, none lost.
describe('an evaluation run across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-eval-restart-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it(
    'resumes where it stopped and ends with one result per question',
    { timeout: scaledTimeout(120_000) },
    async () => {
      const first = await startTestServer({ accounts: true, dataDir })
      const user = await signUpForTest(first.url, 'evaluator')
      const call = async (server: typeof first, method: string, path: string, json?: unknown) => {
        const response = await fetch(server.url + path, {
          method,
          headers: { ...user.auth, ...(json ? { 'content-type': 'application/json' } : {}) },
          body: json ? JSON.stringify(json) : undefined,
        })
        expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true)
        return (await response.json()) as Record<string, unknown>
      }
      const collection = await call(first, 'POST', '/api/collections/', {
        name: 'Facts',
        description: 'Short ones',
      })
      const form = new FormData()
      form.append('collection_id', String(collection.id))
      const facts = Array.from({ length: 40 }, (_, i) => `Fact ${i}: the number ${i} is written as ${i * 7}.`)
      form.append('file', new Blob([`# Facts\n\n${facts.join('\n\n')}`]), 'facts.md')
      await fetch(`${first.url}/api/documents/`, { method: 'POST', headers: user.auth, body: form })
      await first.idle()
      const testCases = Array.from({ length: QUESTIONS }, (_, i) => ({
        id: String(i),
        question: `How is the number ${i % 40} written?`,
        ground_truth: String((i % 40) * 7),
      }))
      const started = await call(first, 'POST', '/api/evaluation/run', {
        collection_id: collection.id,
        test_cases: testCases,
      })
      const runPath = `/api/evaluation/results/${String(started.evaluation_id)}`
      let evaluated = 0
      while (evaluated === 0) {
        evaluated = Number((await call(first, 'GET', runPath)).evaluated_count)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      // Shut down as SIGTERM does: the job queue stops first (the run stops between two questions).
      await first.jobs.stop()
      expect(Number((await call(first, 'GET', runPath)).evaluated_count)).toBeLessThan(QUESTIONS)
      await first.close()
      const after = await (async () => {
        const second = await startTestServer({ accounts: true, dataDir })
        try {
          const job = await call(second, 'GET', `/api/v1/jobs/${String(started.job_id)}`)
          expect(['pending', 'running', 'completed']).toContain(job.status)
          await second.idle()
          const run = await call(second, 'GET', runPath)
          const finished = await call(second, 'GET', `/api/v1/jobs/${String(started.job_id)}`)
          expect(finished).toMatchObject({ status: 'completed', attempts: 2 })
          return { run, events: await call(second, 'GET', `/api/v1/jobs/${String(started.job_id)}/events`) }
        } finally {
          await second.close()
        }
      })()
      const { run, events } = after
      expect(run).toMatchObject({
        status: 'completed',
        total_questions: QUESTIONS,
        evaluated_count: QUESTIONS,
      })
      const questions = (run.results as Array<{ question: string }>).map((result) => result.question)
      expect(questions).toEqual(testCases.map((testCase) => testCase.question))
      expect((events as unknown as Array<{ type: string }>).map((event) => event.type)).toContain('requeued')
    },
  )
})
