import type { LocalModel } from '../api/settingsApi'

/** A small instruction model that answers from passages well for its size: offered first where it is listed. */
export const SUGGESTED_WEBLLM_MODEL = 'Llama-3.2-1B-Instruct-q4f16_1-MLC'

/**
 * The WebLLM models a first-use offer lists: those meant for devices with little memory (WebLLM's
 * `low_resource_required`), smallest first, with the suggested one at the top; every model stays in
 * Settings. Where none is marked so, all of them.
 */
export function offeredWebLlmModels(models: readonly LocalModel[]): LocalModel[] {
  const small = models.filter((model) => model.low_resource)
  const pool = small.length > 0 ? small : [...models]
  const bySize = [...pool].sort((a, b) => (a.vram_mb ?? Infinity) - (b.vram_mb ?? Infinity))
  const suggested = bySize.find((model) => model.id === SUGGESTED_WEBLLM_MODEL)
  return suggested ? [suggested, ...bySize.filter((model) => model !== suggested)] : bySize
}

/**
 * The most a model's download can be, as a person reads it ("at most about 880 MB"). WebLLM lists only the
 * GPU memory a model needs, which holds its weights and more: the download is at most that, so the figure
 * is an upper bound.
 */
export function describeDownload(vramMb: number | null): string {
  if (vramMb === null) return 'size unknown'
  const gb = vramMb / 1024
  return gb < 1 ? `at most about ${Math.ceil(vramMb / 10) * 10} MB` : `at most about ${gb.toFixed(1)} GB`
}
