import { check, checkEqual } from '../../testing/check'
import type { HostCase } from '../../testing/HostCase'
import type { ContractClient } from './ContractClient'
import { responseJson } from './responseJson'
import { toBase64 } from './toBase64'

const NOTES =
  '# Harbour log\n\n## Weather\n\nA north-westerly gale closed the harbour for two days in March.\n'
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])
const file = (field: string, filename: string, content: Uint8Array | string) => ({
  field,
  filename,
  type: 'application/octet-stream',
  base64: toBase64(content),
})

type Issues = Array<{ loc: Array<string | number>; msg: string; type: string }>

function checkIssues(response: { status: number; text: string }, loc: string, type?: string) {
  checkEqual(response.status, 422, `status (body ${response.text.slice(0, 200)})`)
  const detail = (JSON.parse(response.text) as { detail: Issues }).detail
  check(Array.isArray(detail) && detail.length > 0, 'detail is a list of issues')
  check(
    detail.some(
      (issue) => issue.loc.join('.') === loc && (!type || issue.type === type) && issue.msg.length > 0,
    ),
    `an issue at ${loc}${type ? ` of type ${type}` : ''} in ${JSON.stringify(detail)}`,
  )
}

export const extractionContract: HostCase<ContractClient>[] = [
  {
    name: 'GET /api/v1/documents/supported-types lists extensions and the upload limit',
    async run(client) {
      const body = responseJson<{ extensions: string[]; max_upload_mb: number }>(
        await client({ method: 'GET', path: '/api/v1/documents/supported-types' }),
      )
      for (const extension of ['.pdf', '.docx', '.doc', '.pptx', '.ppt', '.md', '.html']) {
        check(body.extensions.includes(extension), `lists ${extension}`)
      }
      check(body.max_upload_mb > 0, 'upload limit')
    },
  },
  {
    name: 'POST /api/v1/documents/process extracts text and passages, and answers 422 for bad input',
    async run(client) {
      const response = await client({
        method: 'POST',
        path: '/api/v1/documents/process',
        multipart: { fields: {}, files: [file('file', 'log.md', NOTES)] },
      })
      checkEqual(response.status, 200, `status (body ${response.text.slice(0, 200)})`)
      const body = responseJson<{
        document_type: string
        text: string
        metadata: { title?: string }
        chunks: unknown[]
      }>(response)
      checkEqual(body.document_type, 'markdown', 'document_type')
      check(body.text.includes('north-westerly gale'), 'text')
      checkEqual(body.metadata.title, 'Harbour log', 'title')
      check(body.chunks.length > 0, 'chunks')
      checkIssues(
        await client({
          method: 'POST',
          path: '/api/v1/documents/process',
          multipart: { fields: {}, files: [] },
        }),
        'body.file',
        'missing',
      )
      checkIssues(
        await client({
          method: 'POST',
          path: '/api/v1/documents/process',
          multipart: { fields: {}, files: [file('file', 'scan.pdf', PNG)] },
        }),
        'body.file',
        'not_supported',
      )
    },
  },
  {
    name: 'POST /api/v1/documents/process-multiple reports each file on its own',
    async run(client) {
      const response = await client({
        method: 'POST',
        path: '/api/v1/documents/process-multiple',
        multipart: { fields: {}, files: [file('files', 'log.md', NOTES), file('files', 'scan.pdf', PNG)] },
      })
      checkEqual(response.status, 200, `status (body ${response.text.slice(0, 200)})`)
      const { results } = responseJson<{
        results: Array<{ success: boolean; filename: string; error?: string }>
      }>(response)
      checkEqual(
        results.map((r) => [r.filename, r.success]),
        [
          ['log.md', true],
          ['scan.pdf', false],
        ],
        'results',
      )
      check(typeof results[1]?.error === 'string', 'the failure says why')
    },
  },
  {
    name: 'POST /api/v1/documents/process-text-context splits text into passages; 422 for invalid bodies',
    async run(client) {
      const response = await client({
        method: 'POST',
        path: '/api/v1/documents/process-text-context',
        json: { text: NOTES + '\nMore about the tides. '.repeat(200), format: 'markdown', max_tokens: 128 },
      })
      checkEqual(response.status, 200, `status (body ${response.text.slice(0, 200)})`)
      const body = responseJson<{
        chunks: Array<{ heading: string | null; token_count: number }>
        language: string
      }>(response)
      check(body.chunks.length > 1, 'several passages')
      check(
        body.chunks.every((c) => c.token_count <= 128),
        'passages within max_tokens',
      )
      checkEqual(body.chunks[0]?.heading, 'Harbour log > Weather', 'heading of the first passage')
      checkEqual(body.language, 'en', 'language')
      checkIssues(
        await client({ method: 'POST', path: '/api/v1/documents/process-text-context', json: {} }),
        'body.text',
      )
      checkIssues(
        await client({
          method: 'POST',
          path: '/api/v1/documents/process-text-context',
          json: { text: 'x', max_tokens: 5 },
        }),
        'body.max_tokens',
      )
      checkIssues(
        await client({
          method: 'POST',
          path: '/api/v1/documents/process-text-context',
          json: { text: 'x', colour: 1 },
        }),
        'body.colour',
        'extra_forbidden',
      )
    },
  },
]
