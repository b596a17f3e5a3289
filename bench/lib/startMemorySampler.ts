import type { MemorySample } from './IngestMemoryOptions'

export interface MemorySampler {
  /** Takes a sample now, between timer ticks (at points where the caller knows memory is high). */
  sample(): void
  /** Stops the timer after a last sample; the largest value of each field, and the number of samples. */
  stop(): { peak: MemorySample; samples: number }
}

/**
 * Samples `process.memoryUsage()` every `intervalMs` and keeps the largest value of each field. A timer only
 * fires when the event loop is free, so samples are dense while pdf.js waits on its (fake) worker's messages
 * and missing during long synchronous stretches; the kernel's maxRSS is reported beside these peaks for that.
 */
export function startMemorySampler(intervalMs: number): MemorySampler {
  const peak: MemorySample = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }
  let samples = 0
  const sample = () => {
    const usage = process.memoryUsage()
    peak.rss = Math.max(peak.rss, usage.rss)
    peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed)
    peak.external = Math.max(peak.external, usage.external)
    peak.arrayBuffers = Math.max(peak.arrayBuffers, usage.arrayBuffers)
    samples++
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  return {
    sample,
    stop() {
      clearInterval(timer)
      sample()
      return { peak: { ...peak }, samples }
    },
  }
}
