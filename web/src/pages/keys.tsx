import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { components } from '../api/schema';
import { Form, useForm, valueOf } from '../forms';
import { Card, ConfirmButton, Empty, Field, formatTime, Loaded, Notice, Pager, ProblemBanner, useResource } from '../ui';

type Key = components['schemas']['APIKeyList'];

/** A secret shown once, with a copy button and the warning that it will not be shown again. */
function SecretOnce({ title, secret, revealable, onDone }: { title: string; secret: string; revealable: boolean; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="secret" role="region" aria-label={title}>
      <p class="secret-title">{title}</p>
      <Notice tone="warning">
        Copy this key now and keep it secret: this page shows it in full only this once.{' '}
        {revealable ? 'It is stored encrypted, so Reveal can show it again later.' : 'Quarry keeps only a hash of it and cannot show it again.'}
      </Notice>
      <div class="secret-row">
        <code data-testid="new-secret">{secret}</code>
        <button
          type="button"
          class="button small"
          onClick={() =>
            void navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" class="button small" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function KeyRow({
  apiKey,
  onChanged,
  onSecret,
}: {
  apiKey: Key;
  onChanged: () => void;
  onSecret: (title: string, secret: string, revealable: boolean) => void;
}) {
  const rename = useForm();
  const action = useForm();
  const [editing, setEditing] = useState(false);
  const id = String(apiKey.id);
  // Rename opens the name's input in place, and the keyboard follows it there.
  useEffect(() => {
    if (editing) document.querySelector<HTMLInputElement>(`[name="name-${id}"]`)?.focus();
  }, [editing]);
  return (
    <tr>
      <td data-label="Name">
        {editing ? (
          <Form
            form={rename}
            label={`Rename ${apiKey.name}`}
            onSubmit={() =>
              rename.submit(
                () => call(() => api.PATCH('/api/v1/api-keys/{id}/', { params: { path: { id } }, body: { name: valueOf(`name-${id}`) } })),
                () => {
                  setEditing(false);
                  onChanged();
                },
              )
            }
          >
            <div class="inline-edit">
              <Field label="New name" name={`name-${id}`} defaultValue={apiKey.name} errors={rename.errorsOf('name')} maxLength={100} />
              <button class="button small primary" type="submit" disabled={rename.busy}>
                Save
              </button>
              <button class="button small" type="button" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
          </Form>
        ) : (
          <span class="key-name">{apiKey.name}</span>
        )}
      </td>
      <td data-label="Prefix">
        <code>{apiKey.prefix}…</code>
      </td>
      <td data-label="Created">{formatTime(apiKey.created)}</td>
      <td data-label="Last used">{apiKey.last_used ? formatTime(apiKey.last_used) : 'never'}</td>
      {/* The buttons sit in a box of their own: a flex cell would leave the table's row layout. */}
      <td data-label="Actions">
        <div class="actions">
          <ProblemBanner problem={action.problem} />
          {editing ? null : (
            // Named after its key: every row has one, and a screen reader's list of buttons must tell them apart.
            <button type="button" class="button small" onClick={() => setEditing(true)}>
              Rename<span class="visually-hidden"> {apiKey.name}</span>
            </button>
          )}
          {apiKey.revealable ? (
            <button
              type="button"
              class="button small"
              onClick={() =>
                action.submit(
                  () => call(() => api.POST('/api/v1/api-keys/{id}/reveal/', { params: { path: { id } }, body: {} })),
                  (data) => onSecret(`Key “${apiKey.name}”`, data.key, true),
                )
              }
            >
              Reveal
            </button>
          ) : null}
          <ConfirmButton
            label="Reset"
            question="Replace this key with a new secret? The old one stops working."
            onConfirm={() =>
              action.submit(
                () => call(() => api.POST('/api/v1/api-keys/{id}/reset/', { params: { path: { id } }, body: {} })),
                (data) => {
                  onSecret(`New secret for “${data.name}”`, data.key, data.revealable);
                  onChanged();
                },
              )
            }
          />
          <ConfirmButton
            label="Revoke"
            danger
            question="Revoke this key? Requests with it will fail."
            onConfirm={() => action.submit(() => call(() => api.DELETE('/api/v1/api-keys/{id}/', { params: { path: { id } } })), onChanged)}
          />
        </div>
      </td>
    </tr>
  );
}

export function KeysPage() {
  const [page, setPage] = useState(1);
  const keys = useResource(() => call(() => api.GET('/api/v1/api-keys/', { params: { query: { page: String(page) } } })), [page]);
  const create = useForm();
  const [secret, setSecret] = useState<{ title: string; secret: string; revealable: boolean } | undefined>(undefined);
  const submit = () =>
    create.submit(
      () => call(() => api.POST('/api/v1/api-keys/', { body: { name: valueOf('key-name') } })),
      (data) => {
        setSecret({ title: `Your new key “${data.name}”`, secret: data.key ?? '', revealable: data.revealable ?? false });
        (document.querySelector('[name="key-name"]') as HTMLInputElement | null)?.form?.reset();
        keys.reload();
      },
    );
  return (
    <>
      <h1>API keys</h1>
      <p class="lead">
        Send a key as the <code>X-API-KEY</code> header to search, scrape and chat. Every call spends credits from your one balance.
      </p>
      {secret ? <SecretOnce title={secret.title} secret={secret.secret} revealable={secret.revealable} onDone={() => setSecret(undefined)} /> : null}
      <Card title="Create a key">
        <Form form={create} onSubmit={submit} label="Create a key">
          <div class="inline-edit">
            <Field label="Name" name="key-name" placeholder="e.g. production" maxLength={100} errors={create.errorsOf('name')} />
            <button class="button primary" type="submit" disabled={create.busy}>
              Create key
            </button>
          </div>
        </Form>
      </Card>
      <Card title="Your keys">
        <Loaded resource={keys} what="Loading keys">
          {(data) =>
            data.results.length === 0 ? (
              <Empty title="No keys yet">
                <p>Create your first key above to call the API.</p>
              </Empty>
            ) : (
              <>
                <table class="table">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Prefix</th>
                      <th scope="col">Created</th>
                      <th scope="col">Last used</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.results.map((k) => (
                      <KeyRow key={k.id} apiKey={k} onChanged={keys.reload} onSecret={(title, s, revealable) => setSecret({ title, secret: s, revealable })} />
                    ))}
                  </tbody>
                </table>
                <Pager page={page} data={data} onPage={setPage} />
              </>
            )
          }
        </Loaded>
      </Card>
    </>
  );
}
