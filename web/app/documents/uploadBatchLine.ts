/** Where one collection's batch of chosen files stands. */
export interface UploadBatch {
  /** Files chosen since the batch began (a second choice while it runs joins it). */
  total: number
  ready: number
  /** Not uploaded, or uploaded and not processed. */
  failed: number
  /** Left out: their content was already in the collection (optional: a batch without any has none). */
  skipped?: number
}

/**
 * A batch's one toast line: "3 of 14 ready", with the failures and the duplicates left out counted when there
 * are any ("3 of 14 ready, 2 duplicates skipped").
 */
export function uploadBatchLine(batch: UploadBatch): string {
  const ready = `${batch.ready} of ${batch.total} ready`
  const failed = batch.failed > 0 ? `${ready}, ${batch.failed} failed` : ready
  const skipped = batch.skipped ?? 0
  return skipped > 0 ? `${failed}, ${skipped} duplicate${skipped === 1 ? '' : 's'} skipped` : failed
}

/** Every file of the batch is ready, failed or skipped. */
export function batchSettled(batch: UploadBatch): boolean {
  return batch.ready + batch.failed + (batch.skipped ?? 0) >= batch.total
}
