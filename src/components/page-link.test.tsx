import { fireEvent, render, screen } from '@testing-library/react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PageLink } from './page-link.tsx';

describe('PageLink', () => {
  it('links to the page by its hash address, and the hash router follows it', async () => {
    window.location.hash = '#/dashboard/workplace';
    render(
      <HashRouter>
        <PageLink to="/internship/weekly?id=42" className="home-tile">
          周记
        </PageLink>
        <Routes>
          <Route path="/dashboard/workplace" element={<p>工作台</p>} />
          <Route path="/internship/weekly" element={<p>我的周记</p>} />
        </Routes>
      </HashRouter>,
    );
    const link = screen.getByRole('link', { name: '周记' });
    expect(link.getAttribute('href')).toBe('#/internship/weekly?id=42');
    expect(link.className).toBe('home-tile');
    expect(screen.getByText('工作台')).toBeTruthy();
    fireEvent.click(link);
    expect(await screen.findByText('我的周记')).toBeTruthy();
  });
});
