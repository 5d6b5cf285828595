import type { ComponentChildren, JSX } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ApiProblem, Result } from './api/client';

/** The `detail` of a failed call, above its form; a network failure offers a retry. */
export function ProblemBanner({
  problem,
  onRetry,
  fieldsShown = false,
}: {
  problem: ApiProblem | undefined;
  onRetry?: (() => void) | undefined;
  fieldsShown?: boolean;
}) {
  if (!problem || (fieldsShown && !problem.detail)) return null;
  // Field errors of fields the page has no input for still need saying.
  const text =
    problem.detail ??
    Object.entries(problem.fields)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join(' ');
  return (
    <div class="banner banner-error" role="alert">
      <span>{text}</span>
      {problem.kind === 'network' && onRetry ? (
        <button type="button" class="button small" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}

export function Notice({ children, tone = 'info' }: { children: ComponentChildren; tone?: 'info' | 'success' | 'warning' }) {
  return (
    <div class={`banner banner-${tone}`} role="status">
      <span>{children}</span>
    </div>
  );
}

type FieldProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'label'> & { label: string; name: string; errors?: readonly string[] | undefined };

/** A labelled input with the API's field errors right below it. */
export function Field({ label, name, errors, ...input }: FieldProps) {
  const id = `field-${name}`;
  const errorId = `${id}-errors`;
  return (
    <div class={`field${errors?.length ? ' has-error' : ''}`}>
      <label for={id}>{label}</label>
      <input id={id} name={name} aria-invalid={errors?.length ? 'true' : undefined} aria-describedby={errors?.length ? errorId : undefined} {...input} />
      {errors?.length ? (
        <ul class="field-errors" id={errorId}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <p class="empty-title">{title}</p>
      {children}
    </div>
  );
}

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p class="loading" aria-live="polite">
      {what}…
    </p>
  );
}

export function Card({ title, children, actions }: { title?: string; children: ComponentChildren; actions?: ComponentChildren }) {
  return (
    <section class="card">
      {title || actions ? (
        <header class="card-header">
          {title ? <h2>{title}</h2> : null}
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}

export type Resource<T> = { loading: boolean; data: T | undefined; problem: ApiProblem | undefined; reload: () => void };

/** Loads on mount and whenever `deps` change; keeps the last data while reloading. */
export function useResource<T>(load: () => Promise<Result<T>>, deps: readonly unknown[]): Resource<T> {
  const [state, setState] = useState<{ loading: boolean; data: T | undefined; problem: ApiProblem | undefined }>({
    loading: true,
    data: undefined,
    problem: undefined,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    void load().then((result) => {
      if (!live) return;
      setState(result.ok ? { loading: false, data: result.data, problem: undefined } : (s) => ({ loading: false, data: s.data, problem: result.problem }));
    });
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}

/** A resource's states in one place: loading, failed (with retry), or its content. */
export function Loaded<T>({ resource, children, what }: { resource: Resource<T>; children: (data: T) => ComponentChildren; what?: string }) {
  if (resource.data !== undefined) {
    return (
      <>
        <ProblemBanner problem={resource.problem} onRetry={resource.reload} />
        {children(resource.data)}
      </>
    );
  }
  if (resource.problem) return <ProblemBanner problem={resource.problem} onRetry={resource.reload} />;
  return <Loading what={what} />;
}

/** A button that asks once more before doing something that cannot be undone. */
export function ConfirmButton({ label, question, onConfirm, danger = false }: { label: string; question: string; onConfirm: () => void; danger?: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" class={`button small${danger ? ' danger' : ''}`} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span class="confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button
        type="button"
        class={`button small${danger ? ' danger' : ' primary'}`}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Yes, {label.toLowerCase()}
      </button>
      <button type="button" class="button small" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

/** DRF page-number pagination: Previous/Next follow the `previous`/`next` links' presence. */
export function Pager({
  page,
  data,
  onPage,
}: {
  page: number;
  data: { count: number; next: string | null; previous: string | null };
  onPage: (page: number) => void;
}) {
  if (!data.next && !data.previous) return null;
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" class="button small" disabled={!data.previous} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} · {data.count} in all
      </span>
      <button type="button" class="button small" disabled={!data.next} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

export const formatTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
export const formatNumber = (n: number) => n.toLocaleString('en-US');
/** The noun for a count: `plural(1, 'credit')` is "credit", any other count "credits". */
export const plural = (n: number, one: string, many = `${one}s`) => (Math.abs(n) === 1 ? one : many);
/** A count with its noun: "1 credit", "1,000 credits". */
export const counted = (n: number, one: string, many?: string) => `${formatNumber(n)} ${plural(n, one, many)}`;
