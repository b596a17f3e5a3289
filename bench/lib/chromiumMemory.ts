import type { Browser } from '@playwright/test'
import { peakRssSince, resetPeakRss } from './processPeakRss'

/** Chromium's processes as its DevTools protocol lists them (`SystemInfo.getProcessInfo`). */
interface ChromiumProcess {
  type: string
  id: number
}

/** Memory of a headless Chromium's processes, MB: the renderers' (the page with its workers) and all. */
export interface ChromiumMemory {
  renderer_mb: number
  all_mb: number
}

const KIB_PER_MB = 1024

async function processes(browser: Browser): Promise<ChromiumProcess[]> {
  const session = await browser.newBrowserCDPSession()
  try {
    const info = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: ChromiumProcess[] }
    return info.processInfo
  } finally {
    await session.detach()
  }
}

/**
 * The kernel's peak resident set of each Chromium process since `resetChromiumPeaks` (Linux), summed: the
 * renderers' (a page's dedicated workers, the API worker and the ingest workers, are threads of its
 * renderer, so this is the page with its workers) and every process's. A process that started since the
 * reset counts from its start; one that ended is not counted.
 */
export async function chromiumPeakMemory(browser: Browser): Promise<ChromiumMemory> {
  let renderer = 0
  let all = 0
  for (const { type, id } of await processes(browser)) {
    const kib = await peakRssSince(id).catch(() => 0)
    all += kib
    if (type === 'renderer') renderer += kib
  }
  return { renderer_mb: Math.round(renderer / KIB_PER_MB), all_mb: Math.round(all / KIB_PER_MB) }
}

/** Sets every Chromium process's peak back to its current resident set (see `resetPeakRss`). */
export async function resetChromiumPeaks(browser: Browser): Promise<void> {
  for (const { id } of await processes(browser)) await resetPeakRss(id).catch(() => undefined)
}
