import { createMemo, createSignal, For, onMount, Show } from 'solid-js'
import { getAccount } from '../account/accountApi'
import {
  apiTarget,
  serverAddress,
  type ApiTarget,
  serverToken,
  setApiTarget,
  setServerAddress,
  setServerToken,
} from '../openapi/apiTarget'
import { countOperations, filterOperations } from '../openapi/filterOperations'
import { listOperations } from '../openapi/listOperations'
import type { OpenApiDocument } from '../openapi/OpenApiDocument'
import { usePageTitle } from '../usePageTitle'
import { DescriptionText } from './DescriptionText'
import { OperationPanel } from './OperationPanel'
import './apiExplorer.css'
import { Screen } from '../ui/Screen'
import { RadioGroup, type RadioOption } from '../ui/RadioGroup'
import { TextField } from '../ui/TextField'

/**
 * The API explorer: every endpoint of the OpenAPI document this origin serves, grouped by tag (closed
 * until opened), found by a search over path, method, summary and tag, each with its fields and a
 * "Try it" form. It reads the document at run time, so new endpoints appear here without UI changes.
 */
export function ApiExplorer(props: { document: OpenApiDocument }) {
  usePageTitle('API explorer')
  const groups = createMemo(() => listOperations(props.document))
  const total = createMemo(() => countOperations(groups()))
  const [query, setQuery] = createSignal('')
  const searching = () => query().trim() !== ''
  const found = createMemo(() => filterOperations(groups(), query()))
  const targets: readonly RadioOption<ApiTarget>[] = [
    { value: 'browser', label: 'This browser’s own API (works offline)' },
    {
      value: 'server',
      label: (
        <>
          The server at <code>{serverAddress() ?? location.origin}</code>
        </>
      ),
    },
  ]
  const tagId = (tag: string) => `tag-${tag.replace(/[^A-Za-z0-9_-]/g, '-')}`
  // The signed-in account's server, wherever it is; signed out, the server that served this page.
  onMount(() => {
    getAccount().then(
      (account) => setServerAddress(account.signed_in ? (account.server_url ?? undefined) : undefined),
      () => setServerAddress(undefined),
    )
  })

  return (
    <Screen
      titleId="docs-title"
      title="API explorer"
      lead={
        <>
          {props.document.info.title} {props.document.info.version} · OpenAPI {props.document.openapi}. The
          document itself is at <code>/openapi.json</code>.
        </>
      }
      header={
        <RadioGroup
          legend="Send requests to"
          name="api-target"
          class="target-choice"
          value={apiTarget()}
          onChange={setApiTarget}
          options={targets}
        >
          <Show when={apiTarget() === 'server'}>
            <TextField
              id="server-token"
              class="api-token"
              label="Token for the server (optional)"
              hint={
                <>
                  Sent as <code>Authorization: Bearer</code>: a personal access token (
                  <code>POST /api/v1/auth/tokens</code>) or an access token. Left empty, the account you
                  signed in to on the Account page is used (signed out, the server's sign-in cookies). Kept
                  only until you leave this page.
                </>
              }
              type="password"
              autocomplete="off"
              placeholder="qpat_…"
              value={serverToken()}
              onInput={(event) => setServerToken(event.currentTarget.value)}
            />
          </Show>
        </RadioGroup>
      }
    >
      <div class="op-search" role="search" aria-label="Operations">
        {/* Described by the count (a live status) and the keys, which stand under it as the search's own. */}
        <TextField
          id="op-search-input"
          label="Search operations"
          type="search"
          placeholder="Path, method, summary or tag: post documents"
          describedBy="op-search-count op-search-keys"
          value={query()}
          onInput={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter (or Down) goes to the first operation found; Escape clears the search.
            if ((event.key === 'Enter' || event.key === 'ArrowDown') && found().length > 0) {
              event.preventDefault()
              document.querySelector<HTMLElement>('.op-group .operation-summary')?.focus()
            } else if (event.key === 'Escape' && query()) {
              event.preventDefault()
              setQuery('')
            }
          }}
        />
        <p id="op-search-count" class="op-search-count" role="status">
          {query().trim()
            ? `${countOperations(found())} of ${total()} operations`
            : `${total()} operations in ${groups().length} groups`}
        </p>
        <p id="op-search-keys" class="visually-hidden">
          Enter goes to the first operation found, Escape clears the search.
        </p>
      </div>

      {/* The API's own notes run long: folded, so the operations come first. */}
      <Show when={props.document.info.description}>
        {(description) => (
          <details class="api-about">
            <summary>About this API: errors, limits, hosts and BrainDrive compatibility</summary>
            <DescriptionText class="api-description" source={description()} />
          </details>
        )}
      </Show>

      <Show when={total() === 0}>
        <p class="panel">This API description lists no operations.</p>
      </Show>
      <Show when={total() > 0 && found().length === 0}>
        <p class="panel">No operation matches “{query().trim()}”.</p>
      </Show>
      {/* Groups are closed until opened (the page stays short); a search opens the groups it finds in. */}
      <For each={found()}>
        {(group) => {
          const [opened, setOpened] = createSignal(false)
          const open = () => searching() || opened()
          return (
            <details
              class="op-group"
              open={open()}
              onToggle={(event) => {
                if (!searching()) setOpened(event.currentTarget.open)
              }}
            >
              <summary class="op-group-summary">
                <h2 id={tagId(group.tag)} class="op-group-title">
                  {group.tag}
                </h2>
                <span class="op-group-count">
                  {group.operations.length} {group.operations.length === 1 ? 'operation' : 'operations'}
                </span>
              </summary>
              <Show when={group.description}>
                <p class="op-group-description">{group.description}</p>
              </Show>
              {/* Rendered when open: 178 closed panels are not drawn until someone looks. */}
              <Show when={open()}>
                <For each={group.operations}>
                  {(entry) => <OperationPanel entry={entry} document={props.document} />}
                </For>
              </Show>
            </details>
          )
        }}
      </For>
    </Screen>
  )
}
