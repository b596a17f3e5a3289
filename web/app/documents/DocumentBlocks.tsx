import { createMemo, createSignal, createUniqueId, For, Match, Show, Switch } from 'solid-js'
import { Dynamic } from 'solid-js/web'
import type { Block } from '../../core/ingest/DocumentModel'
import { RowsTable } from '../components/RowsTable'
import { PREVIEW_LIMITS, previewBlocks, type PreviewBlock } from './previewBlocks'
import './documentBlocks.css'

export interface DocumentBlocksProps {
  /** What a parser read from the file, in reading order. */
  blocks: readonly Block[]
}

/**
 * What Quire read from a Word or PowerPoint file, drawn as a document: headings as headings (under the
 * dialog's h2), paragraphs, lists, tables (RowsTable), and one section per slide titled "Slide N", its
 * speaker notes marked as such. Only the first part of a long file is drawn (previewBlocks); "Show more"
 * draws the next, so a 300-page file never draws thousands of elements at once. All text, never HTML.
 */
export function DocumentBlocks(props: DocumentBlocksProps) {
  const [times, setTimes] = createSignal(1)
  const preview = createMemo(() =>
    previewBlocks(props.blocks, {
      blocks: PREVIEW_LIMITS.blocks * times(),
      chars: PREVIEW_LIMITS.chars * times(),
    }),
  )
  return (
    <div class="document-blocks" tabindex="0" role="region" aria-label="Document contents">
      <For each={preview().sections}>
        {(section) => (
          <Show when={section.slide} fallback={<BlockList blocks={section.blocks} />}>
            {(slide) => <SlideSection slide={slide()} blocks={section.blocks} />}
          </Show>
        )}
      </For>
      <Show when={preview().shown < preview().total}>
        <p class="document-blocks-more">
          This preview shows the first {preview().shown} of {preview().total} parts; download the file for all
          of it.{' '}
          <button type="button" class="button button-small" onClick={() => setTimes((n) => n + 1)}>
            Show more
          </button>
        </p>
      </Show>
    </div>
  )
}

function SlideSection(props: { slide: number; blocks: PreviewBlock[] }) {
  const id = createUniqueId()
  return (
    <section class="document-slide" aria-labelledby={id}>
      <h3 id={id} class="document-slide-title">
        Slide {props.slide}
      </h3>
      <BlockList blocks={props.blocks} />
    </section>
  )
}

function BlockList(props: { blocks: PreviewBlock[] }) {
  return (
    <For each={props.blocks}>
      {(block) => (
        <Switch>
          <Match when={block.kind === 'heading' && block}>
            {(heading) => <Dynamic component={`h${heading().level}`}>{heading().text}</Dynamic>}
          </Match>
          <Match when={block.kind === 'list' && block}>
            {(list) => (
              <ul>
                <For each={list().items}>{(item) => <li>{item}</li>}</For>
              </ul>
            )}
          </Match>
          <Match when={block.kind === 'table' && block}>{(table) => <RowsTable rows={table().rows} />}</Match>
          <Match when={block.kind === 'code' && block}>{(code) => <pre>{code().text}</pre>}</Match>
          <Match when={block.kind === 'note' && block}>
            {(note) => (
              <p class="document-block-note">
                <span class="document-block-note-label">Speaker notes: </span>
                {note().text}
              </p>
            )}
          </Match>
          <Match when={block.kind === 'paragraph' && block}>{(paragraph) => <p>{paragraph().text}</p>}</Match>
        </Switch>
      )}
    </For>
  )
}
