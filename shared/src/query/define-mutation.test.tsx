import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryContext } from './create-query-context';
import type { Mutation } from './define-mutation';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function setup() {
  const { defineQuery, defineMutation } = createQueryContext('test');
  const names = new Map<string, string>([
    ['1', 'first'],
    ['2', 'second'],
  ]);
  const fetcher = vi.fn((id: string) => Promise.resolve(names.get(id) ?? 'none'));
  const name = defineQuery('name', fetcher);
  const rename = vi.fn(async (id: string, to: string) => {
    names.set(id, to);
    return `renamed ${id}`;
  });
  const renameMutation = defineMutation('rename', rename, {
    invalidates: ([id]) => [name.keys(id)],
  });

  function Shown({ id }: { id: string }) {
    const state = name.use([id]);
    return (
      <p>
        name {id}: {state.data ?? '…'}
      </p>
    );
  }

  return { fetcher, name, rename, renameMutation, defineMutation, Shown };
}

// What each click's mutate resolved to, in order.
let outcomes: string[] = [];

function Editor<R>({
  mutation,
  id,
  to,
}: {
  mutation: Mutation<[id: string, to: string], R>;
  id: string;
  to: string;
}) {
  const { mutate, busy, error, input, reset } = mutation.use();
  return (
    <div>
      <button
        type="button"
        onClick={() =>
          void mutate(id, to).then((result) =>
            outcomes.push(result.ok ? `ok ${String(result.data)}` : result.skipped ? 'skipped' : 'failed'),
          )
        }
      >
        rename {id}
      </button>
      <button type="button" onClick={reset}>
        reset {id}
      </button>
      <p>
        {id} busy: {String(busy)}, sending: {input?.[1] ?? '-'}
      </p>
      {error ? (
        <p role="alert">
          {id} error: {(error as Error).message}
        </p>
      ) : null}
    </div>
  );
}

describe('defineMutation', () => {
  beforeEach(() => {
    outcomes = [];
  });

  it('is busy while the write runs, then resolves with the result and refetches the query it names', async () => {
    const { fetcher, rename, renameMutation, Shown } = setup();
    const gate = deferred<string>();
    rename.mockImplementationOnce(async (id, to) => {
      await gate.promise;
      return `slow ${id} ${to}`;
    });
    render(
      <>
        <Shown id="1" />
        <Editor mutation={renameMutation} id="1" to="changed" />
      </>,
    );
    expect(await screen.findByText('name 1: first')).toBeInTheDocument();
    expect(screen.getByText('1 busy: false, sending: -')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'rename 1' }));
    expect(screen.getByText('1 busy: true, sending: changed')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);

    await act(async () => gate.resolve('done'));
    expect(await screen.findByText('1 busy: false, sending: changed')).toBeInTheDocument();
    expect(outcomes).toEqual(['ok slow 1 changed']);
    // The mock skipped the real rename, so the refetch returns the old name: what matters is the second ask.
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
  });

  it('shows a refetched query with what the write changed', async () => {
    const { renameMutation, Shown } = setup();
    render(
      <>
        <Shown id="1" />
        <Editor mutation={renameMutation} id="1" to="changed" />
      </>,
    );
    expect(await screen.findByText('name 1: first')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'rename 1' }));
    expect(await screen.findByText('name 1: changed')).toBeInTheDocument();
  });

  it('sends once when clicked again while it runs', async () => {
    const { rename, renameMutation } = setup();
    const gate = deferred<string>();
    rename.mockImplementationOnce(() => gate.promise);
    render(<Editor mutation={renameMutation} id="1" to="x" />);
    const button = screen.getByRole('button', { name: 'rename 1' });
    await userEvent.click(button);
    await userEvent.click(button);
    await act(async () => gate.resolve('once'));
    expect(await screen.findByText('1 busy: false, sending: x')).toBeInTheDocument();
    expect(rename).toHaveBeenCalledTimes(1);
    expect(outcomes).toEqual(['skipped', 'ok once']);
  });

  it('reports a failure in error and in the outcome, logs it, invalidates nothing, and reset forgets it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetcher, rename, renameMutation, Shown } = setup();
    rename.mockRejectedValueOnce(new Error('refused'));
    render(
      <>
        <Shown id="1" />
        <Editor mutation={renameMutation} id="1" to="x" />
      </>,
    );
    expect(await screen.findByText('name 1: first')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'rename 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 error: refused');
    expect(outcomes).toEqual(['failed']);
    expect(console.error).toHaveBeenCalledWith('[test] rename failed', expect.any(Error));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(fetcher).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'reset 1' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The next try clears the old error and succeeds.
    await userEvent.click(screen.getByRole('button', { name: 'rename 1' }));
    expect(await screen.findByText('name 1: x')).toBeInTheDocument();
    expect(outcomes).toEqual(['failed', 'ok renamed 1']);
  });

  it('keeps each component busy on its own', async () => {
    const { rename, renameMutation } = setup();
    const gate = deferred<string>();
    rename.mockImplementationOnce(() => gate.promise);
    render(
      <>
        <Editor mutation={renameMutation} id="1" to="a" />
        <Editor mutation={renameMutation} id="2" to="b" />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'rename 1' }));
    expect(screen.getByText('1 busy: true, sending: a')).toBeInTheDocument();
    expect(screen.getByText('2 busy: false, sending: -')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'rename 2' }));
    expect(await screen.findByText('2 busy: false, sending: b')).toBeInTheDocument();
    expect(rename).toHaveBeenCalledTimes(2);
    await act(async () => gate.resolve('late'));
  });

  it('invalidates only the keys it names; a whole query by the query itself', async () => {
    const { fetcher, name, defineMutation, Shown } = setup();
    const touchAll = defineMutation('touch-all', async () => 'touched', { invalidates: [name] });
    const touchOne = defineMutation('touch-one', async (id: string) => id, {
      invalidates: ([id]) => [name.keys(id)],
    });
    render(
      <>
        <Shown id="1" />
        <Shown id="2" />
      </>,
    );
    expect(await screen.findByText('name 2: second')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(2);

    await act(() => touchOne.run('2'));
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(3));
    expect(fetcher).toHaveBeenLastCalledWith('2');

    await act(() => touchAll.run());
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(5));
    expect(
      fetcher.mock.calls
        .slice(3)
        .map(([id]) => id)
        .sort(),
    ).toEqual(['1', '2']);
  });

  it('run rethrows a failure and invalidates nothing', async () => {
    const { fetcher, rename, renameMutation, Shown } = setup();
    render(<Shown id="1" />);
    expect(await screen.findByText('name 1: first')).toBeInTheDocument();
    rename.mockRejectedValueOnce(new Error('offline'));
    await expect(renameMutation.run('1', 'y')).rejects.toThrow('offline');
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
