import { testGenerator } from '../api/settingsApi'

/** Whether WebLLM can run in this browser, and if not, why (the host's own words, first sentence). */
export interface WebLlmAvailability {
  available: boolean
  reason: string
}

/**
 * Asks the in-browser API's generator test (it looks for a WebGPU adapter; nothing is downloaded and
 * no server is contacted), so every place that offers WebLLM offers it only where it can run.
 */
export async function webLlmAvailability(): Promise<WebLlmAvailability> {
  try {
    const tested = await testGenerator({ kind: 'webllm', model: 'any' })
    if (tested.ok || tested.models.length > 0) return { available: true, reason: '' }
    return { available: false, reason: firstSentence(tested.detail) }
  } catch (caught) {
    return {
      available: false,
      reason: firstSentence(caught instanceof Error ? caught.message : String(caught)),
    }
  }
}

function firstSentence(detail: string): string {
  const cut = (detail.split(';')[0] ?? detail).trim()
  return cut.endsWith('.') ? cut : `${cut}.`
}
