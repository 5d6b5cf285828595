import type { ComponentChildren } from 'preact';
import type { components } from '../api/schema';
import { Notice, plural } from '../ui';

type AnswerBody = components['schemas']['AnswerResponse'];
type AnswerData = AnswerBody['data'];

/** A successful `POST /api/v1/answer` body; anything else (an error, a proxy's page) is shown as JSON only. */
export function isAnswerBody(body: unknown): body is AnswerBody {
  if (typeof body !== 'object' || body === null) return false;
  const { data, usage } = body as Partial<AnswerBody>;
  return typeof data?.answer === 'string' && Array.isArray(data.sources) && Array.isArray(data.citations) && typeof usage?.credits_used === 'number';
}

const sourceId = (n: number) => `answer-source-${n}`;

/** Only web addresses become links: a source's URL comes from the web, and `javascript:` must stay text. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

// `[n]` cites source n; `**text**` is the one piece of Markdown emphasis worth keeping.
const INLINE = /\[(\d+)\]|\*\*([^*\n]+)\*\*/g;

/**
 * One paragraph of the answer as text nodes and elements, never as HTML: the model's words cannot
 * inject markup. A marker naming a listed source becomes a link to it in the list below.
 */
function inline(text: string, sources: AnswerData['sources']): ComponentChildren[] {
  const parts: ComponentChildren[] = [];
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, marker, strong] = match;
    const before = text.slice(at, match.index);
    at = match.index + whole.length;
    if (strong !== undefined) {
      parts.push(before, <strong>{strong}</strong>);
      continue;
    }
    // A marker sits against the word it follows, as a footnote does ("1823[1].", not "1823 [1].").
    parts.push(before.trimEnd());
    const source = sources.find((candidate) => candidate.n === Number(marker));
    parts.push(
      source ? (
        <a class="cite" href={`#${sourceId(source.n)}`} title={source.title} aria-label={`Source ${source.n}: ${source.title}`}>
          [{source.n}]
        </a>
      ) : (
        whole
      ),
    );
  }
  parts.push(text.slice(at));
  return parts;
}

function AnswerText({ data }: { data: AnswerData }) {
  const paragraphs = data.answer.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <div class="answer-text" data-testid="answer-text">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{inline(paragraph.trim(), data.sources)}</p>
      ))}
    </div>
  );
}

function SourceList({ data }: { data: AnswerData }) {
  if (data.sources.length === 0) return null;
  return (
    <>
      <h3 id="answer-sources">Sources</h3>
      <ol class="sources" aria-labelledby="answer-sources" data-testid="answer-sources">
        {data.sources.map((source) => {
          const cited = data.citations.find((citation) => citation.n === source.n);
          return (
            <li key={source.n} id={sourceId(source.n)} value={source.n} class={cited ? 'cited' : undefined}>
              <span class="source-n">{source.n}</span>
              <div class="source-body">
                {isWebUrl(source.url) ? (
                  <a class="source-title" href={source.url} target="_blank" rel="noopener noreferrer">
                    {source.title || source.url}
                  </a>
                ) : (
                  <span class="source-title">{source.title || source.url}</span>
                )}
                <span class="source-url">
                  {source.url}
                  {source.date ? ` · ${source.date}` : ''}
                  {cited ? null : ' · not cited'}
                </span>
                {cited ? <blockquote class="source-quote">{cited.quote}</blockquote> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** What the call cost, part by part, as `usage` reports it. */
export function UsageLine({ usage }: { usage: AnswerBody['usage'] }) {
  return (
    <p class="hint" data-testid="answer-usage">
      Search {usage.search} · pages {usage.pages} · model {usage.chat} ({usage.prompt_tokens} prompt + {usage.completion_tokens} completion{' '}
      {plural(usage.completion_tokens, 'token')})
    </p>
  );
}

/** The answer of the Answer tab as a reader sees it: the text, then what it was drawn from. */
export function AnswerView({ body }: { body: AnswerBody }) {
  const { data } = body;
  return (
    <div class="answer">
      <AnswerText data={data} />
      {data.warnings?.length ? (
        <Notice tone="warning">
          {data.warnings.map((warning) => (
            <span key={warning} class="answer-warning">
              {warning}
            </span>
          ))}
        </Notice>
      ) : null}
      <SourceList data={data} />
    </div>
  );
}
