import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DetailItem } from './detail-columns.ts';
import { DetailList } from './detail-list.tsx';

const items = (n: number): DetailItem[] => Array.from({ length: n }, (_, i) => ({ label: `字段${i + 1}`, content: `内容${i + 1}` }));
/** Items per row, as drawn. */
const rows = (container: HTMLElement) => Array.from(container.querySelectorAll('.ant-descriptions-row')).map((row) => row.querySelectorAll('.ant-descriptions-item').length);

describe('<DetailList> (desktop)', () => {
  it('has a title and 3 columns by default', () => {
    const { container } = render(<DetailList title="基本信息" items={items(7)} />);
    expect(screen.getByText('基本信息')).toBeTruthy();
    expect(rows(container)).toEqual([3, 3, 1]);
    expect(screen.getByText('字段7')).toBeTruthy();
    expect(screen.getByText('内容7')).toBeTruthy();
  });

  it.each([
    [1, [1, 1, 1]],
    [2, [2, 1]],
    [4, [3]],
  ])('col %i lays the items out %j', (col, expected) => {
    const { container } = render(<DetailList col={col} items={items(3)} />);
    expect(rows(container)).toEqual(expected);
  });

  it('never more than 4 columns', () => {
    const { container } = render(<DetailList col={6} items={items(8)} />);
    expect(rows(container)).toEqual([4, 4]);
  });
});

describe('<DetailList> notes', () => {
  it('shows a note under its value', () => {
    render(<DetailList items={[{ label: '提交时间', content: '2026-10-16 18:30:00', note: '离线填写，联网后提交' }]} />);
    expect(screen.getByText('离线填写，联网后提交').className).toBe('detail-list__note');
    expect(screen.getByText('2026-10-16 18:30:00')).toBeTruthy();
  });
});
