/** The file to ingest in the measuring process; sent as-is to it. */
export interface IngestMemoryOptions {
  /** Absolute path, read by the child (reading it counts towards the baseline, not the ingest). */
  path: string
  /** Milliseconds between `process.memoryUsage()` samples. */
  sampleIntervalMs: number
}

/** The fields of `process.memoryUsage()` that are sampled, in bytes. */
export interface MemorySample {
  rss: number
  heapUsed: number
  external: number
  arrayBuffers: number
}

/** What the measuring process saw; bytes except where the name says otherwise. */
export interface MemorySummary {
  /** After every import (pdf.js included) and the file read, just before the ingest. */
  baseline: MemorySample
  /** The largest value of each field over the samples taken during the ingest (not one moment). */
  peak: MemorySample
  /** `process.resourceUsage().maxRSS` after the ingest: the kernel's peak for the process's whole life. */
  maxRssKib: number
  samples: number
  ingestMs: number
  pages: number
  chunks: number
}

/** The measuring process's one answer over IPC. */
export type IngestMemoryReply = { ok: true; summary: MemorySummary } | { ok: false; error: string }
