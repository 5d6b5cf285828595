import type { PageFacts } from '../../scrape/extract/index.js';
import { defined, type VerticalRecord } from './record.js';
import type { PageSummary } from './page-summary.js';
import { entitiesOfType, firstMeta, link, metaValues, number, parseDate, text } from './structured.js';

const PUBLICATION_KEYS = [
  'citation_journal_title',
  'citation_conference_title',
  'citation_inbook_title',
  'citation_book_title',
  'citation_dissertation_institution',
  'citation_technical_report_institution',
  'citation_publisher',
  'dc.source',
  'dcterms.source',
  'dc.publisher',
  'dcterms.publisher',
];
const DATE_KEYS = [
  'citation_publication_date',
  'citation_date',
  'citation_online_date',
  'citation_cover_date',
  'dc.date',
  'dcterms.issued',
  'dc.date.issued',
  'dcterms.date',
];
const CITATION_KEYS = ['citation_cited_by_count', 'citation_citation_count', 'citations', 'cited_by_count'];

/** "Doe, Jane" → "Jane Doe"; other forms stay as written. */
function displayName(raw: string): string {
  const match = /^([^,]+),\s*([^,]+)$/.exec(raw.trim());
  return match ? `${match[2]} ${match[1]}` : raw.trim();
}

function citationCount(facts: PageFacts): number | undefined {
  for (const value of metaValues(facts, CITATION_KEYS)) {
    const count = number(value);
    if (count !== undefined && Number.isInteger(count) && count >= 0) return count;
  }
  for (const entity of entitiesOfType(facts, (type) => type === 'InteractionCounter')) {
    const kind = text(entity['interactionType']) ?? '';
    const count = number(entity['userInteractionCount']);
    if (/CiteAction$/.test(kind) && count !== undefined && Number.isInteger(count) && count >= 0) return count;
  }
  return undefined;
}

/**
 * A scholarly result for pages with Highwire Press (`citation_*`, as Google Scholar asks of
 * publishers) or Dublin Core metadata: authors comma-separated, the journal or proceedings,
 * the year, the PDF, and the citation count when the page states one.
 */
export function scholarRecords(facts: PageFacts, page: PageSummary): VerticalRecord<'scholar'>[] {
  const highwireTitle = firstMeta(facts, ['citation_title']);
  const dcTitle = firstMeta(facts, ['dc.title', 'dcterms.title']);
  const authors = metaValues(facts, ['citation_author']);
  const dcCreators = metaValues(facts, ['dc.creator', 'dcterms.creator']);
  // A Dublin Core title alone is common on ordinary pages; with a creator it is a work.
  if (highwireTitle === undefined && (dcTitle === undefined || dcCreators.length === 0)) return [];
  const title = highwireTitle ?? dcTitle ?? page.title;
  const authorList = (authors.length > 0 ? authors : dcCreators).map(displayName);
  const published = parseDate(firstMeta(facts, DATE_KEYS));
  const snippet = firstMeta(facts, ['citation_abstract', 'dc.description', 'dcterms.abstract', 'dcterms.description']) ?? page.description;
  const publication = firstMeta(facts, PUBLICATION_KEYS);
  const pdfUrl = link(firstMeta(facts, ['citation_pdf_url']), page.url);
  return [
    {
      vertical: 'scholar',
      item: {
        title,
        link: page.url,
        ...defined({
          snippet,
          authors: authorList.length > 0 ? authorList.join(', ') : undefined,
          publication,
          year: published?.getUTCFullYear(),
          citations: citationCount(facts),
          pdfUrl,
        }),
      },
      ...defined({ publishedAt: published ?? page.published }),
      text: `${snippet ?? ''}\n${authorList.join(' ')}\n${publication ?? ''}`,
    },
  ];
}
