import { z } from 'zod'
import { DEFAULT_CONTENT_LENGTH, MAX_SCRAPE_URLS } from '../../../websearch/scrapePages'

/** A FastAPI-style integer query value (text on the wire). */
const queryInt = (min: number, max: number) =>
  z.coerce
    .number('must be an integer')
    .int('must be an integer')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)

const optionalText = z.string().trim().max(500, 'must be at most 500 characters').optional()

export const webSearchQuery = z.object({
  q: z
    .string('Field required')
    .trim()
    .min(1, 'Search query is required')
    .max(2000, 'must be at most 2000 characters'),
  categories: optionalText.meta({ description: 'Comma-separated SearXNG categories (general,news,...)' }),
  category: optionalText.meta({
    description:
      'BrainDrive’s name for one category (its chat plugin sends `category=general`); used when `categories` is absent',
  }),
  engines: optionalText.meta({ description: 'Comma-separated SearXNG engines' }),
  language: optionalText,
  time_range: z.enum(['day', 'week', 'month', 'year']).optional(),
  safesearch: queryInt(0, 2).optional(),
  pageno: queryInt(1, 50).optional(),
})

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

const maxContentLength = queryInt(100, 100_000)

/**
 * `{urls, max_content_length?}` as the spec writes it, or BrainDrive's bare array of URLs (its chat
 * plugin posts `urls` itself as the body, FastAPI's `urls: List[str]`).
 */
export const scrapeBody = z.preprocess(
  (value) => (Array.isArray(value) ? { urls: value } : value),
  z.object({
    urls: z
      .array(z.string().trim().refine(isHttpUrl, 'must be an http(s) URL'))
      .min(1, 'At least one URL is required')
      .max(MAX_SCRAPE_URLS, `Maximum ${MAX_SCRAPE_URLS} URLs allowed per request`),
    max_content_length: maxContentLength.optional(),
  }),
)

export const scrapeQuery = z.object({
  max_content_length: maxContentLength
    .default(DEFAULT_CONTENT_LENGTH)
    .meta({ description: `Characters of text kept per page (default ${DEFAULT_CONTENT_LENGTH})` }),
})

const resultSchema = z.object({
  title: z.string(),
  url: z.string(),
  content: z.string().meta({ description: 'The snippet the engines gave' }),
  engine: z.string().nullable(),
  engines: z.array(z.string()),
  score: z.number().nullable(),
  category: z.string().nullable(),
  publishedDate: z.string().nullable(),
})

export const webSearchAnswerSchema = z
  .object({
    query: z.string(),
    number_of_results: z.number(),
    results: z.array(resultSchema),
    answers: z.array(z.unknown()),
    suggestions: z.array(z.string()),
    corrections: z.array(z.string()),
    infoboxes: z.array(z.unknown()),
    unresponsive_engines: z.array(z.unknown()),
  })
  .meta({ id: 'WebSearchAnswer' })

export const scrapeAnswerSchema = z
  .object({
    results: z.array(
      z.object({
        url: z.string(),
        success: z.boolean(),
        content: z.string(),
        content_length: z.int(),
        title: z.string().nullable(),
        truncated: z.boolean(),
        error: z.string().optional(),
      }),
    ),
    summary: z.object({
      total_urls: z.int(),
      successful_scrapes: z.int(),
      total_content_length: z.int(),
    }),
  })
  .meta({ id: 'ScrapeAnswer' })

export const webSearchHealthSchema = z
  .object({
    status: z.enum(['healthy', 'unhealthy', 'not_configured']),
    searxng_url: z.string().nullable(),
    source: z.enum(['person', 'server']).optional(),
    accessible: z.boolean(),
    engines: z.int().optional(),
    error: z.string().optional(),
  })
  .meta({ id: 'WebSearchHealth' })
