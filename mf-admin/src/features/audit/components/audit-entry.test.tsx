import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../api/get-audit-log';
import { AuditChanges, AuditRecord, formatValue, recordPath } from './audit-entry';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  at: '2026-11-26T10:00:00Z',
  actorId: 'u-1',
  actorEmail: 'admin@example.com',
  entity: 'product',
  recordId: 'p-1',
  recordLabel: 'Crank Radio',
  parentId: null,
  action: 'changed',
  changes: {},
  ...overrides,
});

describe('audit entries', () => {
  it('writes stored values on one short line', () => {
    expect(formatValue(null)).toBe('empty');
    expect(formatValue('')).toBe('empty');
    expect(formatValue(12.5)).toBe('12.5');
    expect(formatValue(['a', 'b'])).toBe('a, b');
    expect(formatValue({ Weight: '1 kg' })).toBe('{"Weight":"1 kg"}');
    expect(formatValue('x'.repeat(200))).toHaveLength(120);
  });

  it('links a record to where it is edited, a lot to its product, nothing once deleted', () => {
    expect(recordPath(entry({}))).toBe('/admin/products/p-1/edit');
    expect(recordPath(entry({ entity: 'lot', recordId: 'l-1', parentId: 'p-1' }))).toBe(
      '/admin/products/p-1/edit',
    );
    expect(recordPath(entry({ entity: 'subcategory', parentId: 'c-1' }))).toBe('/admin/categories/c-1/edit');
    expect(recordPath(entry({ entity: 'settings' }))).toBe('/admin/settings');
    expect(recordPath(entry({ entity: 'promotion', recordId: 'd-1' }))).toBe('/admin/promotions/d-1/edit');
    expect(recordPath(entry({ action: 'deleted' }))).toBeNull();
  });

  it('shows each field before and after, and the record by its label', () => {
    render(
      <MemoryRouter>
        <AuditRecord entry={entry({})} />
        <AuditChanges
          entry={entry({ changes: { price: { before: 10, after: 12.34 }, tags: { after: ['radio'] } } })}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Crank Radio' })).toHaveAttribute(
      'href',
      '/admin/products/p-1/edit',
    );
    expect(screen.getByText('10').tagName).toBe('DEL');
    expect(screen.getByText('12.34').tagName).toBe('INS');
    expect(screen.getByText('radio').tagName).toBe('INS');
  });
});
