// The plan stage without a database: a hand-built schema cache, requests resolved into plans.
import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { planRequest, type CallPlan, type MutatePlan, type ReadPlan } from './plan.ts';
import { parsePrefer, parseQuery, type Action, type ApiRequest } from './request.ts';
import { viewTargetEntries, type Column, type FunctionDef, type SchemaCache, type Table } from './schema.ts';

function table(
  name: string,
  columns: string[],
  keys: { primary?: string[]; unique?: string[][] } = {},
): Table {
  const columnList: Column[] = columns.map((column, i) => ({
    name: column,
    type: 'text',
    typname: 'text',
    nullable: true,
    hasDefault: false,
    generated: false,
    position: i + 1,
  }));
  return {
    name,
    kind: 'table',
    columns: new Map(columnList.map((column) => [column.name, column])),
    columnList,
    primaryKey: keys.primary ?? ['id'],
    uniqueKeys: [keys.primary ?? ['id'], ...(keys.unique ?? [])],
  };
}

function fn(name: string, def: Partial<FunctionDef>): FunctionDef {
  return {
    name,
    args: [],
    returnType: 'integer',
    returnsSet: false,
    returnsRows: false,
    outColumns: [],
    returnsTable: null,
    volatile: false,
    ...def,
  };
}

const cache: SchemaCache = {
  tables: new Map(
    [
      table('authors', ['id', 'name']),
      table('books', ['id', 'author_id', 'editor_id', 'title']),
      table('reviews', ['id', 'book_id', 'stars']),
      table('nodes', ['id', 'parent_id', 'name']),
    ].map((t) => [t.name, t]),
  ),
  foreignKeys: [
    {
      name: 'books_author_id_fkey',
      table: 'books',
      columns: ['author_id'],
      refTable: 'authors',
      refColumns: ['id'],
    },
    {
      name: 'books_editor_id_fkey',
      table: 'books',
      columns: ['editor_id'],
      refTable: 'authors',
      refColumns: ['id'],
    },
    {
      name: 'reviews_book_id_fkey',
      table: 'reviews',
      columns: ['book_id'],
      refTable: 'books',
      refColumns: ['id'],
    },
    {
      name: 'nodes_parent_id_fkey',
      table: 'nodes',
      columns: ['parent_id'],
      refTable: 'nodes',
      refColumns: ['id'],
    },
  ],
  functions: new Map([
    [
      'add',
      [
        fn('add', {
          args: [
            { name: 'a', type: 'integer', hasDefault: false },
            { name: 'b', type: 'integer', hasDefault: true },
          ],
        }),
      ],
    ],
    [
      'books_of',
      [
        fn('books_of', {
          returnsSet: true,
          returnsRows: true,
          returnsTable: 'books',
          returnType: 'books',
          args: [{ name: 'p', type: 'text', hasDefault: false }],
        }),
      ],
    ],
    ['touch', [fn('touch', { returnType: 'void', volatile: true })]],
    ['unnamed', [fn('unnamed', { args: [{ name: '', type: 'integer', hasDefault: false }] })]],
  ]),
  types: new Set(['text', 'int4']),
};

function request(action: Action, query: string, init: Partial<ApiRequest> = {}): ApiRequest {
  const params = [...new URLSearchParams(query)];
  const isGetCall = action.kind === 'call' && action.method !== 'POST';
  return {
    action,
    prefer: parsePrefer(undefined),
    single: false,
    range: null,
    params,
    query: isGetCall ? null : parseQuery(params),
    payload: undefined,
    ...init,
  };
}

function restError(run: () => unknown): RestError {
  try {
    run();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a RestError');
}

describe('read plans', () => {
  it('resolves embeds to relationships in both directions, by table, FK column or hint', () => {
    const plan = planRequest(
      cache,
      request(
        { kind: 'read', resource: 'books' },
        'select=title,author:authors!author_id(name),reviews(stars),editor_id(name)',
      ),
    ) as ReadPlan;
    expect(plan.kind).toBe('read');
    expect(plan.root.table.name).toBe('books');
    expect(plan.root.embeds.map((e) => [e.name, e.relationship.fk.name, e.toOne])).toEqual([
      ['author', 'books_author_id_fkey', true],
      ['reviews', 'reviews_book_id_fkey', false],
      ['editor_id', 'books_editor_id_fkey', true],
    ]);
    expect(plan.root.embeds[1]!.child.table.name).toBe('reviews');
  });

  it('applies the Range header and keeps count and single from the request', () => {
    const plan = planRequest(
      cache,
      request({ kind: 'read', resource: 'authors' }, 'select=id&limit=50', {
        range: { from: 10, to: 19 },
        prefer: parsePrefer('count=exact'),
      }),
    ) as ReadPlan;
    expect(plan.offset).toBe(10);
    expect(plan.root.node.limit).toBe(10);
    expect(plan.count).toBe(true);
  });

  it('answers PGRST205, PGRST200 and PGRST201 for unknown tables, missing and ambiguous relationships', () => {
    expect(restError(() => planRequest(cache, request({ kind: 'read', resource: 'nope' }, ''))).code).toBe(
      'PGRST205',
    );
    expect(
      restError(() => planRequest(cache, request({ kind: 'read', resource: 'authors' }, 'select=reviews(*)')))
        .code,
    ).toBe('PGRST200');
    const ambiguous = restError(() =>
      planRequest(cache, request({ kind: 'read', resource: 'books' }, 'select=authors(*)')),
    );
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.code).toBe('PGRST201');
  });

  it('refuses related order on a to-many relationship and spreads of to-many embeds', () => {
    expect(
      restError(() =>
        planRequest(
          cache,
          request({ kind: 'read', resource: 'books' }, 'select=id,reviews(stars)&order=reviews(stars)'),
        ),
      ).code,
    ).toBe('PGRST118');
    expect(
      restError(() =>
        planRequest(cache, request({ kind: 'read', resource: 'books' }, 'select=id,...reviews(stars)')),
      ).code,
    ).toBe('PGRST118');
  });
});

describe('mutate plans', () => {
  it('checks body columns and resolves the upsert conflict target', () => {
    const plan = planRequest(
      cache,
      request({ kind: 'mutate', resource: 'authors', method: 'POST' }, 'on_conflict=name', {
        payload: [{ name: 'A' }, { name: 'B' }],
        prefer: parsePrefer('resolution=merge-duplicates,return=representation'),
      }),
    ) as MutatePlan;
    expect(plan.columns).toEqual(['name']);
    expect(plan.rows).toHaveLength(2);
    expect(plan.conflict).toEqual(['name']);
    expect(plan.resolution).toBe('merge-duplicates');
    expect(plan.representation).toBe(true);
  });

  it('answers PGRST204 for an unknown body column and PGRST102 for rows with other keys', () => {
    const action: Action = { kind: 'mutate', resource: 'authors', method: 'POST' };
    expect(restError(() => planRequest(cache, request(action, '', { payload: { nope: 1 } }))).code).toBe(
      'PGRST204',
    );
    expect(
      restError(() => planRequest(cache, request(action, '', { payload: [{ name: 'a' }, { id: 1 }] }))).code,
    ).toBe('PGRST102');
  });

  it('marks a PATCH with an empty object as writing nothing', () => {
    const plan = planRequest(
      cache,
      request({ kind: 'mutate', resource: 'books', method: 'PATCH' }, 'id=eq.1', { payload: {} }),
    ) as MutatePlan;
    expect(plan.empty).toBe(true);
    expect(plan.returning.node.filters).toHaveLength(1);
  });
});

describe('call plans', () => {
  it('picks the overload by argument names and takes GET arguments from the query string', () => {
    const plan = planRequest(cache, request({ kind: 'call', fn: 'add', method: 'GET' }, 'a=1')) as CallPlan;
    expect(plan.result).toBe('scalar');
    expect(plan.provided.map((a) => a.name)).toEqual(['a']);
    expect(plan.args).toEqual({ a: '1' });
    expect(plan.readOnly).toBe(true);
  });

  it('plans row results as a resource with filters and embeds', () => {
    const plan = planRequest(
      cache,
      request({ kind: 'call', fn: 'books_of', method: 'POST' }, 'select=title,reviews(stars)&title=eq.x', {
        payload: { p: 'x' },
      }),
    ) as CallPlan;
    expect(plan.result).toBe('rows');
    expect(plan.root?.table.name).toBe('books');
    expect(plan.root?.embeds[0]?.relationship.fk.name).toBe('reviews_book_id_fkey');
    expect(plan.readOnly).toBe(true);
  });

  it('runs a volatile function read-write only on POST; PGRST202 for unknown arguments', () => {
    expect(
      (planRequest(cache, request({ kind: 'call', fn: 'touch', method: 'POST' }, '')) as CallPlan).readOnly,
    ).toBe(false);
    expect(
      (planRequest(cache, request({ kind: 'call', fn: 'touch', method: 'HEAD' }, '')) as CallPlan).readOnly,
    ).toBe(true);
    const error = restError(() =>
      planRequest(cache, request({ kind: 'call', fn: 'add', method: 'POST' }, '', { payload: { zz: 1 } })),
    );
    expect(error.code).toBe('PGRST202');
    expect(error.status).toBe(404);
  });
});

describe('PostgREST 12 parity in plans', () => {
  it('lists the candidates of an ambiguous embed as {cardinality, embedding, relationship}', () => {
    const error = restError(() =>
      planRequest(cache, request({ kind: 'read', resource: 'books' }, 'select=authors(*)')),
    );
    expect(error.details).toEqual([
      {
        cardinality: 'many-to-one',
        embedding: 'books with authors',
        relationship: 'books_author_id_fkey using books(author_id) and authors(id)',
      },
      {
        cardinality: 'many-to-one',
        embedding: 'books with authors',
        relationship: 'books_editor_id_fkey using books(editor_id) and authors(id)',
      },
    ]);
  });

  it('refuses two embeds under the same name (42712) and accepts them with aliases', () => {
    const twice = 'select=id,authors!author_id(name),authors!editor_id(name)';
    const error = restError(() => planRequest(cache, request({ kind: 'read', resource: 'books' }, twice)));
    expect([error.status, error.code]).toEqual([400, '42712']);
    const aliased = planRequest(
      cache,
      request(
        { kind: 'read', resource: 'books' },
        'select=id,a:authors!author_id(name),e:authors!editor_id(name)',
      ),
    ) as ReadPlan;
    expect(aliased.root.embeds.map((e) => e.name)).toEqual(['a', 'e']);
  });

  it('marks an embed without columns as hidden', () => {
    const plan = planRequest(
      cache,
      request({ kind: 'read', resource: 'books' }, 'select=id,reviews!inner()&reviews.stars=eq.5'),
    ) as ReadPlan;
    expect(plan.root.embeds[0]).toMatchObject({ name: 'reviews', hidden: true });
    expect(plan.root.embeds[0]!.child.node.filters).toHaveLength(1);
  });

  it('embeds the children of a self-referencing key by table name and the parent by FK column', () => {
    const plan = planRequest(
      cache,
      request({ kind: 'read', resource: 'nodes' }, 'select=name,nodes(name),parent:parent_id(name)'),
    ) as ReadPlan;
    expect(plan.root.embeds.map((e) => [e.name, e.relationship.cardinality, e.toOne])).toEqual([
      ['nodes', 'one-to-many', false],
      ['parent', 'many-to-one', true],
    ]);
  });

  it('refuses an RPC argument with an empty name (400) and ignores it in GET arguments', () => {
    const error = restError(() =>
      planRequest(
        cache,
        request({ kind: 'call', fn: 'unnamed', method: 'POST' }, '', { payload: { '': 1 } }),
      ),
    );
    expect([error.status, error.code]).toEqual([400, 'PGRST102']);
    const get = restError(() =>
      planRequest(cache, request({ kind: 'call', fn: 'unnamed', method: 'GET' }, '=1')),
    );
    expect(get.code).toBe('PGRST100');
  });
});

describe('view columns from pg_rewrite', () => {
  it('reads the top-level target list: name, base table and column, skipping computed and junk entries', () => {
    const action =
      '({QUERY :commandType 1 :rtable ({RANGETBLENTRY :subquery {QUERY :targetList ({TARGETENTRY :resname inner :resorigtbl 9 :resorigcol 9 :resjunk false})}}) ' +
      ':targetList ({TARGETENTRY :expr {VAR :varno 1 :varattno 1} :resno 1 :resname book_id :resorigtbl 16412 :resorigcol 1 :resjunk false} ' +
      '{TARGETENTRY :expr {OPEXPR :opno 551} :resno 2 :resname total :resorigtbl 0 :resorigcol 0 :resjunk false} ' +
      '{TARGETENTRY :expr {VAR :varno 1 :varattno 2} :resno 3 :resname writer\\ id :resorigtbl 16412 :resorigcol 2 :resjunk false}) :override 0})';
    expect(viewTargetEntries(action)).toEqual([
      { name: 'book_id', tableOid: '16412', column: 1 },
      { name: 'writer id', tableOid: '16412', column: 2 },
    ]);
  });
});
