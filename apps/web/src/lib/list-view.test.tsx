import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { useListView } from './list-view';

function viewAt(address: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>;
  return renderHook(
    () => ({
      view: useListView({ filters: ['status', 'from', 'to'], sortable: ['name', 'createdAt'] as const }),
      search: useLocation().search,
    }),
    { wrapper },
  );
}

describe('useListView', () => {
  it('keeps both of two changes made before the next render (a From date, then a To date)', () => {
    const { result } = viewAt('/list?page=3&status=ACTIVE');
    act(() => {
      result.current.view.setFilter('from')('2026-11-01');
      result.current.view.setFilter('to')('2026-11-30');
    });
    expect(new URLSearchParams(result.current.search).toString()).toBe('status=ACTIVE&from=2026-11-01&to=2026-11-30');
    expect(result.current.view.filters).toEqual({ status: 'ACTIVE', from: '2026-11-01', to: '2026-11-30' });
    // A new filter starts the list again at page 1; the page alone moves without touching the rest.
    expect(result.current.view.page).toBe(1);
    act(() => result.current.view.setPage(2));
    expect(result.current.view.query).toEqual({ page: 2, pageSize: 20 });
    expect(result.current.search).toContain('page=2');
  });

  it('reads a sort only among the sortable columns, and an order only with a sort', () => {
    expect(viewAt('/list?sort=password&order=desc').result.current.view.query).toEqual({ page: 1, pageSize: 20 });
    expect(viewAt('/list?order=desc').result.current.view.order).toBeUndefined();
    expect(viewAt('/list?sort=name&order=sideways').result.current.view.query).toEqual({ page: 1, pageSize: 20, sort: 'name' });
    expect(viewAt('/list?sort=name&order=desc&page=0').result.current.view.query).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'name',
      order: 'desc',
    });
  });

  it('writes nothing once the page it was opened on has been left (a search whose pause ends after a click)', () => {
    const { result } = viewAt('/list?status=ACTIVE');
    const before = result.current.search;
    window.history.pushState({}, '', '/elsewhere?id=42');
    try {
      act(() => result.current.view.setSearch('beta'));
      expect(result.current.search).toBe(before);
    } finally {
      window.history.back();
    }
  });
});
