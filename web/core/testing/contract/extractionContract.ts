import { check, checkEqual } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient, ContractRequest } from './ContractClient'
import { responseJson } from './responseJson'
import { toBase64 } from './toBase64'

const NOTES =
  '# Harbour log\n\n## Weather\n\nA north-westerly gale closed the harbour for two days in March.\n'
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])
const PDF_HEADER = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'
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

/** A 4xx with a `{detail: string}` saying why, as BrainDrive answers a file it cannot read. */
function checkDetail(response: { status: number; text: string }, status: number, pattern: RegExp) {
  checkEqual(response.status, status, `status (body ${response.text.slice(0, 200)})`)
  const { detail } = JSON.parse(response.text) as { detail: unknown }
  check(typeof detail === 'string' && pattern.test(detail), `detail matching ${pattern}: ${String(detail)}`)
}

const textContext = (fields: Record<string, string>, files: ContractRequest['multipart'] = undefined) => ({
  method: 'POST',
  path: '/api/v1/documents/process-text-context',
  multipart: { fields, files: files?.files ?? [] },
})

interface Segment {
  index: number
  text: string
  char_count: number
  heading: string | null
  token_count: number
}

export const extractionContract: HostCase<ContractClient>[] = [
  {
    name: 'GET /api/v1/documents/supported-types lists media types, extensions and the limits',
    async run(client) {
      const body = responseJson<{
        supported_types: Record<string, string>
        extensions: string[]
        canonical_types: string[]
        max_file_size_mb: number
        max_files_per_request: number
      }>(await client({ method: 'GET', path: '/api/v1/documents/supported-types' }))
      for (const extension of [
        'pdf',
        'docx',
        'doc',
        'pptx',
        'ppt',
        'md',
        'html',
        'txt',
        'png',
        'jpg',
        'tiff',
      ]) {
        check(body.extensions.includes(extension), `lists ${extension}`)
        check(!body.extensions.includes(`.${extension}`), 'extensions come without the dot')
      }
      checkEqual(
        body.canonical_types,
        ['doc', 'docx', 'html', 'jpg', 'md', 'pdf', 'png', 'ppt', 'pptx', 'tiff', 'txt', 'webp'],
        'canonical',
      )
      checkEqual(body.supported_types['text/markdown'], 'md', 'text/markdown')
      checkEqual(body.supported_types['application/pdf'], 'pdf', 'application/pdf')
      checkEqual(body.supported_types['image/jpeg'], 'jpg', 'image/jpeg (read by OCR)')
      check(body.max_file_size_mb > 0, 'upload limit')
      checkEqual(body.max_files_per_request, 10, 'max_files_per_request')
    },
  },
  {
    name: 'POST /api/v1/documents/process extracts the text (passages on request); 400/422 for bad input',
    async run(client) {
      const send = (query: string, files = [file('file', 'log.md', NOTES)]) =>
        client({
          method: 'POST',
          path: `/api/v1/documents/process${query}`,
          multipart: { fields: {}, files },
        })
      const response = await send('')
      checkEqual(response.status, 200, `status (body ${response.text.slice(0, 200)})`)
      const body = responseJson<Record<string, unknown> & { metadata: { title?: string } }>(response)
      checkEqual(
        [body.filename, body.file_type, body.detected_type, body.content_type, body.processing_success],
        ['log.md', 'md', 'md', 'text/markdown', true],
        'filename, types, success',
      )
      checkEqual(body.file_size, new TextEncoder().encode(NOTES).length, 'file_size')
      const text = body.extracted_text as string
      check(text.includes('north-westerly gale'), 'extracted_text')
      checkEqual(body.text_length, text.length, 'text_length')
      checkEqual(body.metadata.title, 'Harbour log', 'title')
      check(!('chunks' in body) && !('warnings' in body), 'no chunks or warnings unless asked for')

      const withChunks = responseJson<{
        chunks: Segment[]
        chunk_metadata: { truncated: boolean; segment_count: number }
      }>(await send('?include_chunks=true'))
      check(withChunks.chunks.length > 0, 'chunks')
      checkEqual(withChunks.chunks[0]?.index, 1, 'chunks count from 1')
      checkEqual(withChunks.chunks[0]?.char_count, withChunks.chunks[0]?.text.length, 'char_count')
      checkEqual(withChunks.chunk_metadata.segment_count, withChunks.chunks.length, 'segment_count')

      const cut = responseJson<{ extracted_text: string; text_length: number; warnings: string[] }>(
        await send('?max_chars=10&preserve_layout=false&strip_boilerplate=1'),
      )
      checkEqual([cut.extracted_text, cut.text_length], [text.slice(0, 10), 10], 'max_chars cuts the text')
      check(
        cut.warnings.some((warning) => warning.includes('10 characters')),
        'and says so',
      )

      checkIssues(await send('', []), 'body.file', 'missing')
      // A JSON body is no form: the same 422 on both hosts (the server once answered 400 here).
      checkIssues(
        await client({ method: 'POST', path: '/api/v1/documents/process', json: { file: 'x' } }),
        'body.body',
      )
      checkIssues(await send('?include_chunks=maybe'), 'query.include_chunks')
      checkIssues(await send('?max_chars=0'), 'query.max_chars')
      checkDetail(await send('', [file('file', 'scan.pdf', PNG)]), 400, /not a PDF/)
    },
  },
  {
    name: 'POST /api/v1/documents/process-multiple reports each file on its own, with the counts',
    async run(client) {
      const send = (files: ReturnType<typeof file>[]) =>
        client({
          method: 'POST',
          path: '/api/v1/documents/process-multiple',
          multipart: { fields: {}, files },
        })
      const response = await send([file('files', 'log.md', NOTES), file('files', 'scan.pdf', PNG)])
      checkEqual(response.status, 200, `status (body ${response.text.slice(0, 200)})`)
      const body = responseJson<{
        results: Array<{
          processing_success: boolean
          filename: string
          error?: string
          extracted_text?: string
        }>
        total_files: number
        successful_files: number
        failed_files: number
      }>(response)
      checkEqual(
        body.results.map((r) => [r.filename, r.processing_success]),
        [
          ['log.md', true],
          ['scan.pdf', false],
        ],
        'results',
      )
      check(body.results[0]?.extracted_text?.includes('gale'), 'the text of the readable file')
      check(typeof body.results[1]?.error === 'string', 'the failure says why')
      checkEqual([body.total_files, body.successful_files, body.failed_files], [2, 1, 1], 'counts')
      checkIssues(await send([]), 'body.files', 'missing')
      const many = Array.from({ length: 11 }, (_, i) => file('files', `note${i}.txt`, 'A note.'))
      checkDetail(await send(many), 400, /Maximum is 10 files/)
    },
  },
  {
    name: 'POST /api/v1/documents/process-text-context splits a text file or field into numbered segments',
    async run(client) {
      const long = NOTES + '\nMore about the tides. '.repeat(200)
      const response = await client(
        textContext({ text: long, format: 'markdown', max_tokens: '128', colour: '1' }),
      )
      checkEqual(response.status, 200, `status (body ${response.text.slice(0, 200)})`)
      const body = responseJson<{
        filename: string | null
        file_type: string
        segments: Segment[]
        segment_count: number
        truncated: boolean
        total_input_chars: number
        max_segments: number
        language: string
      }>(response)
      check(body.segments.length > 1, 'several segments')
      checkEqual(body.segment_count, body.segments.length, 'segment_count')
      checkEqual(
        body.segments.map((s) => s.index),
        body.segments.map((_, i) => i + 1),
        'numbered from 1',
      )
      check(
        body.segments.every((s) => s.token_count <= 128 && s.char_count === s.text.length),
        'segments within max_tokens',
      )
      checkEqual(body.segments[0]?.heading, 'Harbour log > Weather', 'heading of the first segment')
      checkEqual([body.filename, body.file_type, body.truncated], [null, 'md', false], 'a text field')
      // A urlencoded form is a form too (FastAPI's Form() reads both), as a script's `data=` sends it.
      const urlencoded = await client({
        method: 'POST',
        path: '/api/v1/documents/process-text-context',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        raw: new URLSearchParams({ text: 'Tides rise twice a day.', format: 'text' }).toString(),
      })
      checkEqual(urlencoded.status, 200, `urlencoded status (body ${urlencoded.text.slice(0, 200)})`)
      checkEqual(
        responseJson<{ segments: Segment[] }>(urlencoded).segments[0]?.text,
        'Tides rise twice a day.',
        'the urlencoded text',
      )
      checkEqual(body.language, 'en', 'language')

      // The chat plugin's form: the file itself. Past the budget, the rest is left out and said so.
      const book = `# Book\n\n${'A paragraph about the harbour and its tides, long enough to fill. '.repeat(3_000)}`
      const truncated = responseJson<typeof body & { truncation_notice: string }>(
        await client(textContext({}, { fields: {}, files: [file('file', 'book.md', book)] })),
      )
      checkEqual([truncated.filename, truncated.truncated], ['book.md', true], 'file, truncated')
      checkEqual(truncated.segment_count, truncated.max_segments, 'segments up to the budget')
      check(truncated.total_input_chars > 150_000, 'total_input_chars counts the whole text')
      check(truncated.truncation_notice.length > 0, 'truncation_notice')

      checkIssues(await client(textContext({})), 'body.file', 'missing')
      checkIssues(await client(textContext({ text: 'x', max_tokens: '5' })), 'body.max_tokens')
      checkIssues(
        await client(textContext({ text: 'x' }, { fields: {}, files: [file('file', 'a.txt', 'A note.')] })),
        'body.text',
      )
      checkDetail(
        await client(textContext({}, { fields: {}, files: [file('file', 'paper.pdf', PDF_HEADER)] })),
        400,
        /context seeding/,
      )
    },
  },
  {
    name: 'POST /api/v1/documents/process-text-context answers hostile nesting at once: deep HTML 400, deep Markdown read',
    async run(client) {
      // Parsed on the request path: 20,000 nested elements took seconds and overflowed the stack, and
      // Markdown quotes deepening line by line took gigabytes (parseHtmlDocument, limitMarkdownNesting).
      const html = `<html><body>${'<div>'.repeat(20_000)}deep${'</div>'.repeat(20_000)}</body></html>`
      checkDetail(
        await client(textContext({}, { fields: {}, files: [file('file', 'deep.html', html)] })),
        400,
        /nests its elements more than 1,000 deep/,
      )
      const quotes = Array.from({ length: 3_000 }, (_, i) => `${'>'.repeat(i)} line ${i}`).join('\n')
      const response = await client(textContext({ text: quotes, format: 'markdown' }))
      checkEqual(response.status, 200, `status (body ${response.text.slice(0, 200)})`)
      const text = responseJson<{ segments: Segment[] }>(response)
        .segments.map((segment) => segment.text)
        .join(' ')
      for (const line of ['line 1', 'line 1500', 'line 2999']) check(text.includes(line), `${line} read`)
    },
  },
]
