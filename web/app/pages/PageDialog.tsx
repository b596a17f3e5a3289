import { createSignal, createUniqueId, For, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { Dialog } from '../components/Dialog'
import { parentValue, placeFrom, segmentFromName, segmentProblem, type ParentChoice } from './pagePlaces'
import type { Page, PagePlace } from './pagesApi'
import { FormActions } from '../components/FormActions'

export interface PageDialogProps {
  /** The page being placed; absent for a new page, which also asks for a name. */
  page?: Page
  choices: ParentChoice[]
  onSubmit: (name: string, place: PagePlace) => Promise<void>
  onCancel: () => void
}

/**
 * A new page (name, route segment, parent, parent page) or an existing page's place (its segment,
 * parent and parent-page switch). The route it will have is shown as it is typed. A refused request
 * (a taken route) keeps the dialog open with what was typed and says why.
 */
export function PageDialog(props: PageDialogProps) {
  const id = createUniqueId()
  const ids = {
    heading: `${id}-heading`,
    name: `${id}-name`,
    segment: `${id}-segment`,
    segmentHint: `${id}-segment-hint`,
    parent: `${id}-parent`,
    parentPage: `${id}-parent-page`,
  }
  const [name, setName] = createSignal(props.page?.name ?? '')
  const [segment, setSegment] = createSignal(props.page?.route_segment ?? '')
  const [segmentEdited, setSegmentEdited] = createSignal(props.page !== undefined)
  const [parent, setParent] = createSignal(props.page ? parentValue(props.page) : '')
  const [isParentPage, setIsParentPage] = createSignal(props.page?.is_parent_page ?? false)
  const [error, setError] = createSignal<string>()
  const [pending, setPending] = createSignal(false)
  let nameInput: HTMLInputElement | undefined
  let segmentInput: HTMLInputElement | undefined

  const route = () => `${placeFrom(parent(), segment(), false).parent_route ?? ''}/${segment()}`

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (pending()) return
    const trimmedName = name().trim()
    if (!props.page && !trimmedName) {
      setError('Enter a name for the page.')
      return nameInput?.focus()
    }
    const problem = segmentProblem(segment().trim())
    if (problem) {
      setError(problem)
      return segmentInput?.focus()
    }
    setPending(true)
    setError(undefined)
    try {
      await props.onSubmit(trimmedName, placeFrom(parent(), segment().trim(), isParentPage()))
    } catch (caught) {
      setError(errorDetail(caught))
      setPending(false)
    }
  }

  const group = (which: ParentChoice['group']) => props.choices.filter((choice) => choice.group === which)

  return (
    <Dialog
      labelledBy={ids.heading}
      onClose={() => !pending() && props.onCancel()}
      initialFocus={() => nameInput ?? segmentInput}
    >
      <h2 id={ids.heading} class="dialog-title">
        {props.page ? `Move ${props.page.name}` : 'New page'}
      </h2>
      <form novalidate onSubmit={(event) => void submit(event)}>
        <Show when={!props.page}>
          <div class="field">
            <label class="field-label" for={ids.name}>
              Name
            </label>
            <input
              ref={nameInput}
              id={ids.name}
              class="input"
              maxlength="200"
              value={name()}
              onInput={(event) => {
                setName(event.currentTarget.value)
                if (!segmentEdited()) setSegment(segmentFromName(event.currentTarget.value))
              }}
            />
          </div>
        </Show>
        <div class="field">
          <label class="field-label" for={ids.parent}>
            Parent
          </label>
          <select
            id={ids.parent}
            class="input"
            value={parent()}
            onChange={(event) => setParent(event.currentTarget.value)}
          >
            <option value="">None (top level)</option>
            <Show when={group('Pages').length > 0}>
              <optgroup label="Pages">
                <For each={group('Pages')}>
                  {(choice) => <option value={choice.value}>{choice.label}</option>}
                </For>
              </optgroup>
            </Show>
            <Show when={group('Navigation').length > 0}>
              <optgroup label="Navigation">
                <For each={group('Navigation')}>
                  {(choice) => <option value={choice.value}>{choice.label}</option>}
                </For>
              </optgroup>
            </Show>
          </select>
        </div>
        <div class="field">
          <label class="field-label" for={ids.segment}>
            Route segment
          </label>
          <input
            ref={segmentInput}
            id={ids.segment}
            class="input input-mono"
            maxlength="200"
            value={segment()}
            aria-describedby={ids.segmentHint}
            onInput={(event) => {
              setSegmentEdited(true)
              setSegment(event.currentTarget.value)
            }}
          />
          <p id={ids.segmentHint} class="field-hint">
            Opens at <code class="pages-route">{`/p${route()}`}</code>
          </p>
        </div>
        <div class="field pages-check">
          <input
            id={ids.parentPage}
            type="checkbox"
            checked={isParentPage()}
            onChange={(event) => setIsParentPage(event.currentTarget.checked)}
          />
          <label for={ids.parentPage}>Parent page (other pages go under it)</label>
        </div>
        <FormActions
          error={error()}
          pending={pending()}
          submitLabel={props.page ? 'Save' : 'Create'}
          onCancel={() => props.onCancel()}
        />
      </form>
    </Dialog>
  )
}
