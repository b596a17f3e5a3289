import { createSignal, onMount, Show } from 'solid-js'
import { formatBytes } from './formatBytes'

type Persisted = 'yes' | 'no' | 'unknown'

/**
 * How much of the browser's storage Quire uses, and whether the browser may evict it when space runs low.
 * "Keep my data" asks for persistent storage; browsers decide on their own (Chromium grants it to installed
 * or often-used sites, without asking), so the outcome is shown either way.
 */
export function StorageSection() {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined
  const [estimate, setEstimate] = createSignal<{ usage: number; quota: number } | null>(null)
  const [persisted, setPersisted] = createSignal<Persisted>('unknown')
  const [outcome, setOutcome] = createSignal<string | null>(null)
  const [asking, setAsking] = createSignal(false)

  const refresh = async () => {
    if (!storage) return
    const [{ usage = 0, quota = 0 }, kept] = await Promise.all([
      storage.estimate(),
      storage.persisted ? storage.persisted() : Promise.resolve(null),
    ])
    setEstimate({ usage, quota })
    if (kept !== null) setPersisted(kept ? 'yes' : 'no')
  }
  onMount(() => void refresh().catch(() => setEstimate(null)))

  const keep = async () => {
    if (!storage?.persist) return
    setAsking(true)
    try {
      const granted = await storage.persist()
      setPersisted(granted ? 'yes' : 'no')
      setOutcome(
        granted
          ? 'Granted: the browser will keep Quire’s data until you delete it.'
          : 'The browser declined for now. It usually agrees once Quire is installed or used often; your data stays meanwhile, unless space runs out.',
      )
    } catch {
      setOutcome('The browser could not be asked for persistent storage.')
    } finally {
      setAsking(false)
    }
  }

  return (
    <section class="settings-section" aria-labelledby="storage-title">
      <h2 id="storage-title" class="settings-section-title">
        Storage on this device
      </h2>
      <Show
        when={estimate()}
        fallback={
          <p class="field-hint">{storage ? 'Measuring…' : 'This browser does not report its storage.'}</p>
        }
      >
        {(used) => (
          <>
            <meter
              id="storage-meter"
              class="storage-meter"
              min={0}
              max={Math.max(used().quota, 1)}
              value={used().usage}
              aria-label="Storage used"
            />
            <p id="storage-usage" class="field-hint">
              {formatBytes(used().usage)} used of {formatBytes(used().quota)} available to Quire
            </p>
          </>
        )}
      </Show>
      <p id="storage-persistence" class="field-hint">
        {persisted() === 'yes'
          ? 'Persistent: the browser will not clear Quire’s data on its own.'
          : persisted() === 'no'
            ? 'Best effort: the browser may clear Quire’s data if the device runs out of space.'
            : ''}
      </p>
      <Show when={storage?.persist && persisted() !== 'yes'}>
        <div class="form-actions">
          <button type="button" class="button" disabled={asking()} onClick={() => void keep()}>
            Keep my data
          </button>
        </div>
      </Show>
      <p id="storage-persist-outcome" class="field-hint" role="status">
        {outcome() ?? ''}
      </p>
    </section>
  )
}
