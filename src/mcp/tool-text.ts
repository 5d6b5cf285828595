/** The text a model reads for each tool result (the full answer rides along as structured content). */
import type { ToolAnswer } from './backend.js';

type Body = Record<string, unknown>;
type Item = Record<string, unknown>;

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

function itemLines(item: Item, index: number): string {
  const title = str(item.title) ?? str(item.value) ?? '(untitled)';
  const link = str(item.url) ?? str(item.link) ?? str(item.website) ?? str(item.imageUrl);
  const snippet = str(item.description) ?? str(item.snippet);
  const date = str(item.date) ?? str(item.uploaded);
  // Appended, not built as a list and joined: every MCP search renders this for each result.
  let lines = `${index + 1}. ${title}`;
  if (link) lines += `\n   ${link}`;
  if (date) lines += `\n   ${date}`;
  if (snippet) lines += `\n   ${snippet}`;
  return lines;
}

export function searchText(body: Body): string {
  const data = (body.data ?? {}) as Record<string, unknown[]>;
  const sections = Object.entries(data).map(([source, items]) => {
    const lines = items.map((item, index) => (typeof item === 'string' ? `${index + 1}. ${item}` : itemLines(item as Item, index)));
    return `## ${source}\n${lines.length > 0 ? lines.join('\n') : 'No results.'}`;
  });
  return sections.join('\n\n');
}

export function scrapeText(body: Body): string {
  const data = (body.data ?? {}) as { markdown?: string; text?: string; json?: unknown; metadata?: { title?: string | null; url?: string } };
  const header = `# ${data.metadata?.title ?? '(untitled)'}\n${data.metadata?.url ?? ''}`;
  const parts = [data.markdown, data.text, data.json === undefined ? undefined : JSON.stringify(data.json, null, 2)].filter((part) => part !== undefined);
  return [header, ...parts].join('\n\n');
}

/** The answer in Markdown, then its numbered sources (`[n] title — url`), each cited one with the passage it was quoted from. */
export function answerText(answered: ToolAnswer): string {
  const quoteOf = new Map(answered.citations.map((citation) => [citation.n, citation.quote]));
  const sources = answered.sources.map((source) => {
    const quote = quoteOf.get(source.n);
    const line = `[${source.n}] ${source.title} — ${source.url}`;
    // The quote as a Markdown block quote under its source, its paragraphs kept.
    return quote === undefined ? line : [line, ...quote.split('\n').map((text) => `    >${text === '' ? '' : ` ${text}`}`)].join('\n');
  });
  const parts = [answered.answer, `## Sources\n${sources.join('\n')}`];
  if (answered.warnings !== undefined) parts.push(`Warnings:\n${answered.warnings.map((warning) => `- ${warning}`).join('\n')}`);
  return parts.join('\n\n');
}

export function creditsText(body: Body): string {
  return `${String(body.credits_remaining)} credits remaining`;
}
