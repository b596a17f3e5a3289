import { toBase64 } from '../contract/toBase64'
import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

const SERVICE = 'BrainDriveAI/BrainDrive-Chat-Plugin src/services/documentService.ts'

const NOTES = '# Harbour log\n\nA north-westerly gale closed the harbour for two days in March.\n'
const TIDES = 'Spring tides reached the sea wall twice this week.\n'
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])

/** A file as the plugin appends it to its FormData (`formData.append(field, file)`: the File's name and type). */
const file = (field: string, filename: string, type: string, content: Uint8Array | string) => ({
  field,
  filename,
  type,
  base64: toBase64(content),
})

/** What `formatTextForChatContext` and `formatMultipleTextsForChatContext` read of one result. */
const EXTRACTED = {
  filename: 'string',
  file_type: 'string',
  extracted_text: 'string',
  text_length: 'number',
  processing_success: 'boolean',
} as const

/** Requests BrainDrive's clients make to the extraction endpoints (see ReplayCase). */
export const extractionReplay: ReplayCase[] = [
  {
    name: 'chat plugin: GET /api/v1/documents/supported-types answers media types and the size limit',
    sources: [`${SERVICE}:86`],
    async run(client) {
      const { body } = await replay<Record<string, unknown>>(
        client,
        { method: 'GET', path: '/api/v1/documents/supported-types' },
        200,
      )
      // validateFile: `file.type in supported_types`, then `max_file_size_mb * 1024 * 1024`.
      expectFields(
        body,
        { supported_types: 'object', max_file_size_mb: 'number', max_files_per_request: 'number' },
        'supported types',
      )
      const types = body.supported_types as Record<string, string>
      for (const type of ['text/plain', 'text/markdown', 'application/pdf']) {
        check(type in types, `supported_types has ${type}`)
      }
      check((body.max_file_size_mb as number) > 0, 'max_file_size_mb is positive')
    },
  },
  {
    name: 'chat plugin: POST /api/v1/documents/process (multipart file) answers the extracted text',
    sources: [`${SERVICE}:109`],
    async run(client) {
      const { body } = await replay<Record<string, unknown>>(
        client,
        {
          method: 'POST',
          path: '/api/v1/documents/process',
          multipart: { fields: {}, files: [file('file', 'harbour.md', 'text/markdown', NOTES)] },
        },
        200,
      )
      expectFields(body, EXTRACTED, 'extraction')
      checkEqual(body.processing_success, true, 'processing_success')
      checkEqual(body.filename, 'harbour.md', 'filename')
      const text = body.extracted_text as string
      check(text.includes('north-westerly gale'), 'extracted_text holds the document')
      checkEqual(body.text_length, text.length, 'text_length')
    },
  },
  {
    name: 'chat plugin: POST /api/v1/documents/process-multiple answers each file and the counts',
    sources: [`${SERVICE}:180`],
    async run(client) {
      const { body } = await replay<Record<string, unknown>>(
        client,
        {
          method: 'POST',
          path: '/api/v1/documents/process-multiple',
          multipart: {
            fields: {},
            files: [
              file('files', 'harbour.md', 'text/markdown', NOTES),
              file('files', 'tides.txt', 'text/plain', TIDES),
              file('files', 'chart.pdf', 'application/pdf', PNG),
            ],
          },
        },
        200,
      )
      // The plugin logs `successful_files/total_files` and formats every result.
      expectFields(
        body,
        { results: 'array', total_files: 'number', successful_files: 'number', failed_files: 'number' },
        'multiple',
      )
      checkEqual([body.total_files, body.successful_files, body.failed_files], [3, 2, 1], 'counts')
      const results = expectArray<Record<string, unknown>>(body.results, 'results')
      checkEqual(
        results.map((result) => [result.filename, result.processing_success]),
        [
          ['harbour.md', true],
          ['tides.txt', true],
          ['chart.pdf', false],
        ],
        'results in order',
      )
      expectFields(results[0], EXTRACTED, 'results[0]')
      expectFields(results[1], EXTRACTED, 'results[1]')
      check((results[1]?.extracted_text as string).includes('Spring tides'), 'the text file’s text')
      expectFields(results[2], { filename: 'string', error: 'string' }, 'the failed result')
    },
  },
  {
    name: 'chat plugin: POST /api/v1/documents/process-text-context (multipart file) answers numbered segments',
    sources: [`${SERVICE}:144`],
    async run(client) {
      const long = `${NOTES}\n## Tides\n\n${'The tide table was posted at the harbour office. '.repeat(400)}\n`
      const { body } = await replay<Record<string, unknown>>(
        client,
        {
          method: 'POST',
          path: '/api/v1/documents/process-text-context',
          multipart: { fields: {}, files: [file('file', 'harbour.md', 'text/markdown', long)] },
        },
        200,
      )
      // formatSegmentsForChatContext and handleDocumentContextProcessed read these.
      expectFields(
        body,
        {
          filename: 'string',
          segment_count: 'number',
          total_input_chars: 'number',
          segments: 'array',
          truncated: 'boolean',
          processing_success: 'boolean',
        },
        'text context',
      )
      checkEqual(body.filename, 'harbour.md', 'filename')
      const segments = expectArray<Record<string, unknown>>(body.segments, 'segments')
      check(segments.length > 1, 'the long document makes several segments')
      checkEqual(body.segment_count, segments.length, 'segment_count')
      segments.forEach((segment, i) => {
        expectFields(segment, { index: 'number', text: 'string' }, `segments[${i}]`)
        checkEqual(segment.index, i + 1, `segments[${i}].index ("Segment N" counts from 1)`)
      })
      check(
        (segments[0]?.text as string).includes('north-westerly gale'),
        'the first segment opens the document',
      )
      check((body.total_input_chars as number) > 19_000, 'total_input_chars counts the whole text')
    },
  },
]
