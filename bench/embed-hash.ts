import { hashEmbedder } from '../web/core/ingest/embed/hashEmbedder'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import type { IngestBenchSettings } from './lib/ingestSettingsFromEnv'
import { lineBenchmark } from './lib/lineBenchmark'
import { round } from './lib/round'
import { xquadChunks } from './lib/xquadChunks'

const NAME = 'embed-hash'

export interface EmbedHashLine extends BenchLine {
  /** Chunks embedded per second of the measured loop. */
  chunks_per_sec: number
  /** Distinct chunks (one pass embeds each once). */
  chunks: number
  /** Mean of the chunker's token estimate (`tokenCount`) over those chunks: the size the speed is for. */
  mean_tokens_per_chunk: number
  /** Chunks embedded in the measured loop, over every pass. */
  embedded: number
  /** Wall-clock length of the measured loop (whole passes, so a little over the setting). */
  duration_s: number
}

/**
 * The hash-v1 embedder over real chunks: the 24 xquad-en articles, parsed and chunked as ingestion does,
 * embedded pass after pass (all chunks in one `embed` call) until `durationS` has passed, after one
 * unmeasured pass. It embeds each chunk's text; ingestFile also prefixes the heading to continuation chunks,
 * a few words more for some of them.
 */
export async function measureEmbedHash(
  reporter: LineReporter<EmbedHashLine>,
  settings: Pick<IngestBenchSettings, 'durationS'>,
): Promise<EmbedHashLine[]> {
  const chunks = await xquadChunks()
  const texts = chunks.map((chunk) => chunk.text)
  reporter.progress(
    `${NAME}: ${chunks.length} chunks: 1 warm-up pass, then passes for ${settings.durationS} s`,
  )
  const embed = async () => {
    const vectors = await hashEmbedder.embed(texts)
    if (vectors.length !== texts.length)
      throw new Error(`${NAME}: ${vectors.length} vectors for ${texts.length} texts`)
    return vectors.length
  }
  await embed()
  let embedded = 0
  let elapsedMs = 0
  const started = performance.now()
  do {
    embedded += await embed()
    elapsedMs = performance.now() - started
  } while (elapsedMs < settings.durationS * 1000)

  const tokens = chunks.reduce((sum, chunk) => sum + chunk.tokenCount, 0)
  const line: EmbedHashLine = {
    benchmark: NAME,
    case: `${hashEmbedder.id} over xquad-en chunks (24 articles)`,
    chunks_per_sec: round(embedded / (elapsedMs / 1000), 1),
    chunks: chunks.length,
    mean_tokens_per_chunk: round(tokens / chunks.length, 1),
    embedded,
    duration_s: round(elapsedMs / 1000, 3),
    node: process.version,
    date: new Date().toISOString(),
  }
  reporter.emit(line)
  return [line]
}

export const embedHash = lineBenchmark(NAME, measureEmbedHash)
