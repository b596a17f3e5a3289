import { Link } from '@tanstack/solid-router'
import { createSignal, createUniqueId, Match, Show, Switch } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { getSettings, saveSettings, testGenerator, type GeneratorInput } from '../api/settingsApi'
import { createLoad } from '../settings/createLoad'
import { findLocalModels, type LocalModelSearch } from '../settings/findLocalModels'
import { allowModelListing } from '../settings/modelListing'
import { answerOfferOutcome, rememberAnswerOffer, type AnswerOfferOutcome } from './answerOfferMemory'
import { FoundModelServers } from './FoundModelServers'
import { WebLlmDownload, WebLlmOffer } from './WebLlmOffer'
import './answerOffer.css'

/**
 * The first chat screen's offer of a model, for a person whose answers are still quoted sentences: what
 * this device can run, each only when asked. "Look for a model on this computer" asks the usual addresses
 * of Ollama and OpenAI-compatible servers (findLocalModels) and offers what answered; WebLLM is offered
 * where WebGPU is (WebLlmOffer, with the download's size); or quotes are kept. Shown while the saved
 * answerer is the extractive one and this browser has not answered the question, here or in the welcome
 * dialog (answerOfferMemory, which both write); a model
 * chosen is saved as Settings saves it (`saveSettings`), so Settings shows it and can change it.
 * `onDone` hands focus on (the composer) when the offer closes or a model is chosen.
 */
export function FirstAnswerOffer(props: { onDone?: () => void }) {
  const titleId = createUniqueId()
  // Answered here or in the welcome dialog (one memory): reactive, so answering the dialog shown over
  // this screen closes the offer too.
  const answered = () => answerOfferOutcome() !== null
  // Answered before: nothing to read, nothing is shown.
  const settings = createLoad(() => getSettings(), { start: !answered() })
  const [closed, setClosed] = createSignal(false)
  const [search, setSearch] = createSignal<LocalModelSearch | 'looking' | null>(null)
  const [chosen, setChosen] = createSignal<{ label: string; generator: GeneratorInput }>()
  const [saving, setSaving] = createSignal(false)
  const [failure, setFailure] = createSignal<string>()
  let result: HTMLDivElement | undefined

  const extractive = () => settings.data()?.generator.kind === 'extractive'
  // Open while quotes answer and the question waits, and after a choice made here (to say what answers
  // now, and a download's progress).
  const open = () => !closed() && (chosen() !== undefined || (!answered() && extractive()))

  const close = (outcome?: AnswerOfferOutcome) => {
    if (outcome) rememberAnswerOffer(outcome)
    setClosed(true)
    props.onDone?.()
  }

  const look = async () => {
    if (search() === 'looking') return
    // The person asked for their servers: Settings may list their models from now on.
    allowModelListing()
    setSearch('looking')
    setSearch(await findLocalModels(testGenerator))
    // On a phone the answer lands below the fold of the chat's pane: bring it into view.
    result?.scrollIntoView({ block: 'nearest' })
  }

  const use = async (generator: GeneratorInput, label: string) => {
    if (saving()) return
    setSaving(true)
    setFailure(undefined)
    try {
      await saveSettings({ generator })
      rememberAnswerOffer('model')
      setChosen({ label, generator })
      props.onDone?.()
    } catch (caught) {
      setFailure(`Not saved: ${errorDetail(caught)}`)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Show when={open()}>
      <section class="answer-offer" aria-labelledby={titleId}>
        <Show
          when={chosen()}
          fallback={
            <>
              <h3 id={titleId} class="answer-offer-title">
                Answers are quoted from your documents
              </h3>
              <p class="answer-offer-text">
                No language model writes them: each is the sentences that best match your question. A model on
                this computer or in this browser answers in its own words.
              </p>
              <div class="answer-offer-way">
                <button
                  type="button"
                  class="button button-small"
                  aria-disabled={search() === 'looking' ? true : undefined}
                  onClick={() => void look()}
                >
                  {search() === 'looking'
                    ? 'Looking…'
                    : search() === null
                      ? 'Look for a model on this computer'
                      : 'Look again'}
                </button>
                <p class="field-hint">
                  Asks Ollama and OpenAI-compatible servers (LM Studio, llama.cpp) where they usually listen.
                  Nothing is contacted until you press it.
                </p>
                <div ref={result} role="status" class="answer-offer-result">
                  <Switch>
                    <Match when={search() === 'looking'}>
                      <p class="field-hint">Looking for model servers on this computer…</p>
                    </Match>
                    <Match when={search()}>
                      {(found) => (
                        <FoundModelServers
                          search={found() as LocalModelSearch}
                          saving={saving()}
                          onUse={(generator, label) => void use(generator, label)}
                        />
                      )}
                    </Match>
                  </Switch>
                </div>
              </div>
              <WebLlmOffer saving={saving()} onUse={(generator, label) => void use(generator, label)} />
              <Show when={failure()}>
                <p class="field-error" role="alert">
                  {failure()}
                </p>
              </Show>
              <div class="answer-offer-actions">
                <button type="button" class="button button-small" onClick={() => close('quotes')}>
                  Keep quoting my documents
                </button>
                <button
                  type="button"
                  class="button button-small button-quiet"
                  onClick={() => close('dismissed')}
                >
                  Not now
                </button>
              </div>
            </>
          }
        >
          {(done) => (
            <>
              <h3 id={titleId} class="answer-offer-title">
                Answers now come from {done().label}
              </h3>
              <Show when={done().generator.kind === 'webllm' && done().generator}>
                {(generator) => <WebLlmDownload model={(generator() as { model: string }).model} />}
              </Show>
              <p class="answer-offer-text" role="status">
                Ask a question below.{' '}
                <Link to="/settings" hash="models-title">
                  Settings
                </Link>{' '}
                changes the model, or goes back to quotes.
              </p>
              <div class="answer-offer-actions">
                <button type="button" class="button button-small" onClick={() => close()}>
                  Close
                </button>
              </div>
            </>
          )}
        </Show>
      </section>
    </Show>
  )
}
