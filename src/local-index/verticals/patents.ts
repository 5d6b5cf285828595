import type { PageFacts } from '../../scrape/extract/index.js';
import { defined, type VerticalRecord } from './record.js';
import type { PageSummary } from './page-summary.js';
import { firstMeta, isoDay, link, metaValues, parseDate } from './structured.js';

const NUMBER_KEYS = ['citation_patent_number', 'citation_patent_publication_number', 'patent_number', 'dc.identifier.patent'];

/** "US:9876543:B2", "US 9,876,543 B2" and "US9876543B2" all read "US9876543B2". */
export function normalisePatentNumber(raw: string): string | undefined {
  const compact = raw.toUpperCase().replace(/[\s:,./-]/g, '');
  return /^[A-Z]{2}\d[\dA-Z]*$/.test(compact) ? compact : undefined;
}

/**
 * Whether a number's kind code marks a published application rather than a granted patent
 * ("US20190012345A1", "EP1234567A2", every "WO…"): such a document's publication date is
 * not a grant date. Granted kinds ("B1", "B2", "C", "E") publish on the day of the grant.
 */
function isApplication(patentNumber: string): boolean {
  return patentNumber.startsWith('WO') || /\dA\d?$/.test(patentNumber);
}

function day(facts: PageFacts, keys: readonly string[], dcSchemes: readonly string[]): string | undefined {
  const raw = firstMeta(facts, keys) ?? dcSchemes.map((scheme) => firstMeta(facts, ['dc.date', 'dcterms.date'], scheme)).find((v) => v !== undefined);
  const date = parseDate(raw);
  return date === undefined ? undefined : isoDay(date);
}

/**
 * A patent result for pages whose meta tags name a patent number (Highwire `citation_patent_*`
 * or Dublin Core, as patent offices and Google Patents publish them): inventors, assignee,
 * filing and grant dates as `YYYY-MM-DD`.
 */
export function patentRecords(facts: PageFacts, page: PageSummary): VerticalRecord<'patents'>[] {
  const rawNumber = firstMeta(facts, NUMBER_KEYS);
  const patentNumber = rawNumber === undefined ? undefined : normalisePatentNumber(rawNumber);
  if (patentNumber === undefined) return [];
  const inventors = [
    ...metaValues(facts, ['citation_inventor', 'citation_patent_inventor']),
    ...metaValues(facts, ['dc.contributor', 'dcterms.contributor'], 'inventor'),
  ];
  const assignee =
    firstMeta(facts, ['citation_assignee', 'citation_patent_assignee']) ?? firstMeta(facts, ['dc.contributor', 'dcterms.contributor'], 'assignee');
  const filingDate = day(facts, ['citation_patent_filing_date', 'citation_filing_date', 'citation_patent_application_date'], ['datesubmitted', 'filed']);
  const grantDate =
    day(facts, ['citation_patent_grant_date', 'citation_grant_date', 'citation_patent_issue_date'], ['issued', 'issue', 'dateissued', 'granted']) ??
    (isApplication(patentNumber) ? undefined : day(facts, ['citation_patent_publication_date'], []));
  const title = firstMeta(facts, ['citation_title', 'dc.title', 'dcterms.title']) ?? page.title;
  const snippet = firstMeta(facts, ['citation_abstract', 'dc.description', 'dcterms.abstract']) ?? page.description;
  const inventorList = [...new Set(inventors)];
  const published = parseDate(grantDate) ?? parseDate(filingDate);
  return [
    {
      vertical: 'patents',
      item: {
        title,
        link: page.url,
        patentNumber,
        ...defined({
          snippet,
          inventors: inventorList.length > 0 ? inventorList.join(', ') : undefined,
          assignee,
          filingDate,
          grantDate,
          pdfUrl: link(firstMeta(facts, ['citation_pdf_url']), page.url),
        }),
      },
      ...defined({ publishedAt: published ?? page.published }),
      text: `${snippet ?? ''}\n${patentNumber}\n${inventorList.join(' ')}\n${assignee ?? ''}`,
    },
  ];
}
