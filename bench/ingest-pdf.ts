import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { corpusFile } from './lib/corpusFile'
import type { IngestBenchSettings } from './lib/ingestSettingsFromEnv'
import { lineBenchmark } from './lib/lineBenchmark'
import { median } from './lib/median'
import { rawPdfjsText } from './lib/rawPdfjsText'
import { round } from './lib/round'
import { serverIngest } from './lib/serverIngest'

const NAME = 'ingest-pdf'
/** The page counts are checked on every run: a run that read fewer pages would look faster. */
const FILES = [
  { path: 'pdf/pdfjs__tracemonkey.pdf', pages: 14 },
  { path: 'pdf/pdfminer__i1040nr.pdf', pages: 50 },
] as const
const INGEST = 'ingestFile'
const RAW = 'pdf.js getTextContent'

/** One file read one way. */
export interface PdfSpeedLine extends BenchLine {
  file: string
  method: typeof INGEST | typeof RAW
  pages: number
  /** Median wall-clock time of one whole file, over `runs` runs. */
  ms_per_doc: number
  /** `pages / ms_per_doc`, per second. */
  pages_per_sec: number
  runs: number
}

/** The ingest against raw pdf.js for one file, both from the same run. */
export interface PdfSpeedRatioLine extends BenchLine {
  file: string
  /** Ingest pages per second divided by raw pdf.js pages per second: the share of time pdf.js takes. */
  pages_per_sec_ratio: number | null
}

export type IngestPdfLine = PdfSpeedLine | PdfSpeedRatioLine

/**
 * Server ingest of a PDF (parse, chunk and embed, through `ingestFile`) beside pdf.js alone reading the text
 * of every page of the same file, so the ratio shows what everything beyond pdf.js costs. Per file: one
 * unmeasured run of each method (JIT, pdf.js's worker code), then `runs` runs that alternate the methods, so
 * drift in machine load or heap size affects both alike.
 */
export async function measureIngestPdf(
  reporter: LineReporter<IngestPdfLine>,
  settings: Pick<IngestBenchSettings, 'runs'>,
): Promise<IngestPdfLine[]> {
  const lines: IngestPdfLine[] = []
  const record = (line: IngestPdfLine) => {
    lines.push(line)
    reporter.emit(line)
  }
  for (const { path, pages } of FILES) {
    const file = basename(path)
    const bytes = new Uint8Array(await readFile(corpusFile(path)))
    const methods = {
      [INGEST]: async () => {
        const result = await serverIngest(bytes, file)
        if (result.metadata.pages !== pages || result.chunks.length === 0) {
          throw new Error(
            `${file}: ingest gave ${result.metadata.pages} pages and ${result.chunks.length} chunks, ` +
              `expected ${pages} pages`,
          )
        }
      },
      [RAW]: async () => {
        const result = await rawPdfjsText(bytes)
        if (result.pages !== pages || result.items === 0) {
          throw new Error(
            `${file}: pdf.js read ${result.pages} pages and ${result.items} items, expected ${pages} pages`,
          )
        }
      },
    }
    reporter.progress(`${NAME}: ${file}: 1 warm-up, then ${settings.runs} runs of each method`)
    for (const run of Object.values(methods)) await run()
    const times: Record<keyof typeof methods, number[]> = { [INGEST]: [], [RAW]: [] }
    for (let i = 0; i < settings.runs; i++) {
      for (const method of [INGEST, RAW] as const) {
        const started = performance.now()
        await methods[method]()
        times[method].push(performance.now() - started)
      }
    }

    const lineFor = (method: typeof INGEST | typeof RAW): PdfSpeedLine => {
      const ms = median(times[method])
      return {
        benchmark: NAME,
        case: `${method} ${file} (${pages} pages)`,
        file,
        method,
        pages,
        ms_per_doc: round(ms, 3),
        pages_per_sec: round(pages / (ms / 1000), 1),
        runs: settings.runs,
        node: process.version,
        date: new Date().toISOString(),
      }
    }
    const ingest = lineFor(INGEST)
    const raw = lineFor(RAW)
    record(ingest)
    record(raw)
    // From the medians, not the rounded figures. Same pages, so the pages-per-second ratio is raw / ingest ms.
    const ingestMs = median(times[INGEST])
    record({
      benchmark: NAME,
      case: `ratio ${ingest.case} / ${raw.case}`,
      file,
      pages_per_sec_ratio: ingestMs > 0 ? round(median(times[RAW]) / ingestMs, 3) : null,
      node: process.version,
      date: new Date().toISOString(),
    })
  }
  return lines
}

export const ingestPdf = lineBenchmark(NAME, measureIngestPdf)
