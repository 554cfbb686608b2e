import { $toasts } from '@prepper/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache, defineMutation, defineQuery } from '../lib/query';
import { useEntityForm } from './use-entity-form';

const ID = '11111111-1111-4111-8111-111111111111';
const toasts = {
  loadFailed: 'Could not load',
  created: 'Created',
  updated: 'Updated',
  createFailed: 'Create failed',
  updateFailed: 'Update failed',
};
const messages = () => $toasts.get().map((toast) => toast.message);

interface Harness {
  fetch: (id: string) => Promise<string>;
  save: () => Promise<unknown>;
  invalid?: boolean;
}

// A page's query and save mutation, whose calls each test sets.
const thingQuery = defineQuery('thing', async (id: string): Promise<string> => id);
const saveThing = defineMutation('save thing', async (): Promise<unknown> => undefined);

function Form({ invalid = false }: Harness) {
  const [name, setName] = useState('');
  const thingSaving = saveThing.use();
  const { loading, saving, formRef, submit } = useEntityForm({
    id: useParams().id,
    kind: 'thing',
    record: thingQuery,
    onLoaded: setName,
    validate: () => (invalid ? 'Please fix the name' : null),
    save: thingSaving.mutate,
    saving: thingSaving.busy,
    listPath: '/things',
    toasts,
  });
  if (loading) return <p>Loading</p>;
  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)}>
      <input aria-label="Name" aria-invalid={invalid || undefined} defaultValue={name} />
      <button type="submit" disabled={saving}>
        {saving ? 'Saving' : 'Save'}
      </button>
    </form>
  );
}

function renderAt(path: string, harness: Harness) {
  thingQuery.fetch = harness.fetch;
  saveThing.call = harness.save;
  return render(
    <MemoryRouter initialEntries={['/things', path]} initialIndex={1}>
      <Routes>
        <Route path="/things/:id" element={<Form {...harness} />} />
        <Route path="/things/new" element={<Form {...harness} />} />
        <Route path="/things" element={<p>Thing list</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useEntityForm', () => {
  beforeEach(() => {
    $toasts.set([]);
    clearQueryCache();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('loads the edited record into the form', async () => {
    const fetch = vi.fn(async () => 'Lamp');
    renderAt(`/things/${ID}`, { fetch, save: vi.fn() });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Lamp');
    expect(fetch).toHaveBeenCalledWith(ID);
  });

  it('goes back to the list with a message for an id that is not a UUID, without asking the backend', async () => {
    const fetch = vi.fn(async () => 'Lamp');
    renderAt('/things/nope', { fetch, save: vi.fn() });
    expect(await screen.findByText('Thing list')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(messages()).toEqual(['Could not load']);
    expect(console.error).toHaveBeenCalledWith(new Error('Not a thing id'));
  });

  it('goes back to the list with a message when the record cannot be loaded', async () => {
    renderAt(`/things/${ID}`, { fetch: vi.fn(async () => Promise.reject(new Error('gone'))), save: vi.fn() });
    expect(await screen.findByText('Thing list')).toBeInTheDocument();
    expect(messages()).toEqual(['Could not load']);
  });

  it('does not save an invalid form: says why and focuses the first invalid control', async () => {
    const save = vi.fn(async () => undefined);
    renderAt('/things/new', { fetch: vi.fn(), save, invalid: true });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(messages()).toEqual(['Please fix the name']);
    expect(save).not.toHaveBeenCalled();
  });

  it('creates and returns to the list', async () => {
    const save = vi.fn(async () => undefined);
    renderAt('/things/new', { fetch: vi.fn(), save });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Thing list')).toBeInTheDocument();
    expect(messages()).toEqual(['Created']);
  });

  it('stays on the form with a message when an update fails', async () => {
    const save = vi.fn(async () => Promise.reject(new Error('denied')));
    renderAt(`/things/${ID}`, { fetch: vi.fn(async () => 'Lamp'), save });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
    expect(messages()).toEqual(['Update failed']);
    expect(screen.getByLabelText('Name')).toHaveValue('Lamp');
  });
});
