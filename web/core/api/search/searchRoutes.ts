import { errorResponse as error } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import { classifyIntent, generationFor } from '../../retrieve/classifyIntent'
import { searchChunks } from '../../retrieve/searchChunks'
import { pluginSearchRoute } from './pluginSearchRoute'
import { searchMetadata } from './searchMetadata'
import type { SearchPorts } from './SearchPorts'
import { searchBody, searchResponseSchema } from './searchSchemas'
import { requireCollection } from '../collections/requireCollection'

export const searchRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: '/api/search_u/',
    operationId: 'search',
    summary: 'Search the chunks of completed documents',
    description:
      "Hybrid search: BM25 and cosine similarity each propose candidates, fused by weighted relative score fusion: a hit's evidence in each list is its score relative to the best of that list (BM25's from 0, cosines from the similarity threshold), and its score is the weighted mean of the two, BM25 weight 1 and vectors their embedder's measured weight (sentence-embedding models 1; the built-in hash-v1 0, so that with it hybrid search ranks and scores as BM25 does and its vectors only add passages the keywords did not find). Not DESIGN.md's reciprocal rank fusion (k = 60): it reshapes every score by rank, even with the vectors weighted 0, and the page scoring below adds scores up. `score` is in [0, 1]. Words are matched with their English singular and, in words like `FY2022`, their digits; periods such as `FY22` or `Q2'23` also as `2022`, `Q2 2023`. Among several documents, a passage of the document the query names (by its file name, title or opening page: a company and year, a product and version, an author) outranks a look-alike passage of another document. `use_hybrid_search: false` searches vectors only. Where the collection has no usable vectors (none stored, or their embedder cannot run on this host) BM25 answers alone and `metadata.search_method` says `bm25`. Without `collection_id` every collection is searched. `top_k` is 1..50: the passages come from as many pages as the best candidates hold (a page's second passage waits until every other candidate page has its best one in), best first. In hybrid and BM25 search a passage's page counts in its `score`: half the score of the best other candidate passage of the same page is added and the sum divided by 1.5 (a passage alone on its page, or of a document without pages, gets its own score divided by 1.5), so two passages of one page outrank a lone passage elsewhere that matched a little better; scores stay in [0, 1], best first. Where the query names a part of a document (`using the cash flow statement`, `per the balance sheet`, `in the statement of income`), a passage under a title holding that part's words (its heading, or a table's caption such as `CONSOLIDATED STATEMENTS OF CASH FLOWS`), and every candidate passage of its page, keeps its score while the other candidates' are divided by 1.25. Where the query has an acronym that none of the passages found for it prints (`CEO`), hybrid search (not vectors alone, which match no words) searches it again written out, as a document of the collection defines it by its initials (`Chief Executive Officer (CEO)`) or else as a found passage prints those initials' words as a name (each capitalised), and that search answers. The query is answered as given (no chat history here): `queries_used` holds it, then its written-out form when one was searched.",
    tags: ['Search'],
    body: searchBody,
    responses: {
      200: { description: 'Ranked chunks, the intent and how the search ran', schema: searchResponseSchema },
      400: error('Invalid request data'),
      404: error('Collection not found'),
    },
    async handler({ body }, ports: SearchPorts) {
      const collectionId = body.collection_id ?? undefined
      const intent = classifyIntent(body.query)
      // The collection's check and the search read the store side by side: in the browser each is an
      // IndexedDB transaction of its own, and one after the other cost a search about 3.5 ms more at
      // 138,692 passages (worker timestamps of browser-large's searches). A collection that does not exist
      // has no documents, so its search finds nothing; the 404 is answered all the same.
      const searching = searchChunks(ports, {
        queries: [body.query],
        collectionIds: collectionId ? [collectionId] : undefined,
        topK: body.top_k,
        hybrid: body.use_hybrid_search,
        similarityThreshold: body.similarity_threshold,
      })
      // Awaited below unless the 404 comes first, which wins over any failure of the search.
      void searching.catch(() => undefined)
      await requireCollection(ports, collectionId)
      const found = await searching
      return {
        status: 200,
        body: {
          chunks: found.chunks.map(({ chunk, document, score }) => ({
            id: chunk.id,
            document_id: chunk.document_id,
            content: chunk.text,
            metadata: {
              page: chunk.page,
              heading: chunk.heading,
              filename: document.original_filename,
              chunk_index: chunk.index,
              ...(chunk.ocr ? { ocr: chunk.ocr } : {}),
            },
            score,
          })),
          intent,
          ...generationFor(intent),
          metadata: searchMetadata([body.query], found, body.similarity_threshold),
        },
      }
    },
  }),
  pluginSearchRoute,
]
