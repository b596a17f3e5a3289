import { createSignal, createUniqueId, For } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import type { Collection } from '../api/collectionsApi'
import { startEvaluation } from '../api/evaluationApi'
import { CheckboxField } from '../ui/CheckboxField'
import { FormAlert } from '../ui/FormAlert'
import { NumberField } from '../ui/NumberField'
import { SelectField } from '../ui/SelectField'
import { TextField } from '../ui/TextField'
import { readTestCaseFile } from './readTestCaseFile'

const DEFAULT_TOP_K = 5

/**
 * Starts a run: the collection (shared with the history below, through the URL), a test-case file read in
 * the page, and the retrieval settings. What the API refuses (a case without a question, say) is shown in
 * its own words.
 */
export function StartRunForm(props: {
  collections: readonly Collection[]
  collectionId: string | undefined
  onCollection: (id: string | undefined) => void
  onStarted: (runId: string) => void
}) {
  const [file, setFile] = createSignal<File>()
  const [topK, setTopK] = createSignal(String(DEFAULT_TOP_K))
  const [hybrid, setHybrid] = createSignal(true)
  const [starting, setStarting] = createSignal(false)
  const [error, setError] = createSignal<string | null>(null)
  // Per instance, so the form can appear more than once in a page.
  const id = createUniqueId()

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    // What the list shows: the choice reaches props through the URL, which a quick Start can beat.
    const shown = (event.currentTarget as HTMLFormElement).elements.namedItem(`${id}-collection`)
    const collectionId = (shown instanceof HTMLSelectElement && shown.value) || props.collectionId
    const chosen = file()
    const k = Number(topK())
    if (!collectionId) return setError('Choose a collection to evaluate.')
    if (!chosen) return setError('Choose a test-case file.')
    if (!Number.isInteger(k) || k < 1 || k > 50)
      return setError('Passages must be a whole number from 1 to 50.')
    setError(null)
    setStarting(true)
    try {
      const testCases = await readTestCaseFile(chosen)
      const started = await startEvaluation({
        collection_id: collectionId,
        test_cases: testCases,
        config: { top_k: k, use_hybrid_search: hybrid() },
      })
      props.onStarted(started.evaluation_id)
    } catch (failure) {
      setError(errorDetail(failure))
    } finally {
      setStarting(false)
    }
  }

  return (
    <form class="eval-form" novalidate aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)}>
      <h2 id={`${id}-title`} class="eval-section-title">
        Start a run
      </h2>
      <FormAlert message={error()} />
      <SelectField
        id={`${id}-collection`}
        label="Collection"
        value={props.collectionId ?? ''}
        onChange={(event) => props.onCollection(event.currentTarget.value || undefined)}
      >
        <option value="">Choose a collection…</option>
        <For each={props.collections}>{(c) => <option value={c.id}>{c.name}</option>}</For>
      </SelectField>
      <TextField
        id={`${id}-file`}
        label="Test-case file"
        hint={
          <>
            JSON <code>{'{"test_cases": [{"question": "…", "ground_truth": "…"}]}'}</code>, a JSON array of
            those, or JSON Lines.
          </>
        }
        type="file"
        accept=".json,.jsonl,application/json"
        onChange={(event) => setFile(event.currentTarget.files?.[0])}
      />
      <div class="eval-options">
        <NumberField
          id={`${id}-top-k`}
          class="eval-top-k"
          label="Passages per question"
          min="1"
          max="50"
          step="1"
          value={topK()}
          onInput={(event) => setTopK(event.currentTarget.value)}
        />
        <CheckboxField
          label="Hybrid search"
          checked={hybrid()}
          onChange={(event) => setHybrid(event.currentTarget.checked)}
        />
      </div>
      <div class="form-actions">
        <button type="submit" class="button button-primary" disabled={starting()}>
          {starting() ? 'Starting…' : 'Start evaluation'}
        </button>
      </div>
    </form>
  )
}
