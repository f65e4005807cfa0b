import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { StatFigure } from './stat-figure.ts';
import { StatFigures } from './stat-figures.tsx';
import { StatFiguresPhone } from './stat-figures-phone.tsx';

const FIGURES: StatFigure[] = [
  { key: 'total', label: '学生数', value: 1234, to: '/internship/placement?programId=p1' },
  { key: 'warnings', label: '待处理预警', value: undefined, to: '/internship/warning?programId=p1', warn: true },
  { key: 'week', label: '第1周', value: 28, shown: '提交率 93% · 批阅率 50%', description: '应交 30 · 已交 28', to: '/internship/warning?kind=no_weekly' },
];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

describe('<StatFigures> (antd-free cards)', () => {
  it('draws each figure as a card linking to its list, the count grouped, an unknown one as a dash, a warning in its colour', () => {
    render(
      <MemoryRouter>
        <StatFigures label="实习概况" figures={FIGURES} />
      </MemoryRouter>,
    );
    const cards = screen.getByRole('list', { name: '实习概况' });
    const links = Array.from(cards.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/internship/placement?programId=p1', '/internship/warning?programId=p1', '/internship/warning?kind=no_weekly']);
    expect(links.map((a) => a.querySelector('strong')!.textContent)).toEqual(['1,234', '—', '提交率 93% · 批阅率 50%']);
    expect(links[1]!.querySelector('strong')!.className).toContain('stat-figures__value--warn');
    expect(links[0]!.querySelector('strong')!.className).not.toContain('--warn');
  });
});

describe('<StatFiguresPhone> (antd-mobile)', () => {
  it('lists the figures under the header, the figure at the right and the line under the label; a tap opens the list', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/stats']}>
        <Routes>
          <Route path="*" element={<StatFiguresPhone header="周记提交与批阅" figures={FIGURES} />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByText('周记提交与批阅')).toBeTruthy();
    const rows = Array.from(container.querySelectorAll('.adm-list-item'));
    expect(rows.map((row) => row.querySelector('.adm-list-item-content-extra')!.textContent)).toEqual(['1,234', '—', '提交率 93% · 批阅率 50%']);
    expect(rows[2]!.querySelector('.adm-list-item-description')!.textContent).toBe('应交 30 · 已交 28');
    fireEvent.click(screen.getByText('第1周'));
    expect(screen.getByTestId('where').textContent).toBe('/internship/warning?kind=no_weekly');
  });
});
