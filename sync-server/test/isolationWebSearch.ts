import type { AttemptFor } from './isolationPlatform'

/**
 * The web search routes' part of isolation.test.ts: they name no record. Each reads the caller's own
 * SearXNG setting (websearch.test.ts: B, without one, is told web search is not set up, never served
 * with A's instance) and stores nothing.
 */
export const webSearchAttempts: Record<string, AttemptFor<object>> = {
  searchWeb: { names: 'nothing', why: 'searches with B’s own SearXNG setting (websearch.test)' },
  searchWebPost: { names: 'nothing', why: 'as searchWeb' },
  scrapePages: { names: 'nothing', why: 'stores nothing; fetches only the URLs B sends' },
  webSearchHealth: { names: 'nothing', why: 'checks B’s own SearXNG setting (websearch.test)' },
  // The same routes at BrainDrive's /api/v1/searxng/* path.
  searchWebSearxng: { names: 'nothing', why: 'as searchWeb' },
  searchWebPostSearxng: { names: 'nothing', why: 'as searchWeb' },
  scrapePagesSearxng: { names: 'nothing', why: 'as scrapePages' },
  webSearchHealthSearxng: { names: 'nothing', why: 'as webSearchHealth' },
}
