import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ApiProblem, Result } from './api/client';
import { ProblemBanner } from './ui';

export interface FormState {
  readonly busy: boolean;
  readonly problem: ApiProblem | undefined;
  errorsOf(field: string): readonly string[] | undefined;
  submit<T>(run: () => Promise<Result<T>>, onOk: (data: T, response: Response) => void): void;
  clear(): void;
}

/** One form's submission state: busy, the last problem, and its field errors. */
export function useForm(): FormState {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | undefined>(undefined);
  return {
    busy,
    problem,
    errorsOf: (field) => problem?.fields[field],
    clear: () => setProblem(undefined),
    submit(run, onOk) {
      setBusy(true);
      setProblem(undefined);
      void run().then((result) => {
        setBusy(false);
        if (result.ok) onOk(result.data, result.response);
        else setProblem(result.problem);
      });
    },
  };
}

/** A form with the `detail` above it and a retry for network failures (which resubmits). */
export function Form({ form, onSubmit, children, label }: { form: FormState; onSubmit: () => void; children: ComponentChildren; label: string }) {
  return (
    <form
      class="form"
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <ProblemBanner problem={form.problem} onRetry={onSubmit} fieldsShown />
      {children}
    </form>
  );
}

/** Reads a named input's current value from the submitted form. */
export function valueOf(name: string): string {
  const element = document.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`[name="${name}"]`);
  return element?.value ?? '';
}
