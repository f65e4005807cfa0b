import { describe, expect, it } from 'vitest';
import { HOME_CLOSE_MESSAGE, LAST_CLOSE_MESSAGE, closeTab, closeTabs, openTab, tabAddress, type TabsState } from './tabs.ts';

const home = { key: '/dashboard/analysis', title: '首页' };
const tab = (key: string) => ({ key, title: key });
const keys = (s: TabsState) => s.tabs.map((t) => t.key);
const open = (...paths: string[]) => paths.reduce<TabsState>((s, p) => openTab(s, tab(p), home, true), { tabs: [], active: '' });

describe('tabs (SPEC.md section 4)', () => {
  it('visiting a route opens a tab after the home tab, or moves to it', () => {
    const state = open('/a', '/b', '/a');
    expect(keys(state)).toEqual(['/dashboard/analysis', '/a', '/b']);
    expect(state.active).toBe('/a');
  });

  it('a search in a list moves its tab to the new address instead of opening another tab', () => {
    const searched = openTab(open('/basic/student', '/a'), { key: '/basic/student', title: '学生管理', address: '/basic/student?name=李&pageNo=2' }, home, true);
    expect(keys(searched)).toEqual(['/dashboard/analysis', '/basic/student', '/a']);
    expect(tabAddress(searched.tabs[1]!)).toBe('/basic/student?name=李&pageNo=2');
    expect(tabAddress(searched.tabs[2]!)).toBe('/a');
  });

  it('with multi-page off only the current page is kept', () => {
    expect(keys(openTab(open('/a', '/b'), tab('/c'), home, false))).toEqual(['/c']);
  });

  it('the home tab cannot be closed', () => {
    const state = open('/a');
    expect(closeTab(state, home.key, home.key)).toEqual({ state, refused: HOME_CLOSE_MESSAGE });
  });

  it('the last tab cannot be closed', () => {
    const state: TabsState = { tabs: [tab('/only')], active: '/only' };
    expect(closeTab(state, '/only', home.key)).toEqual({ state, refused: LAST_CLOSE_MESSAGE });
  });

  it('closing the active tab moves to its left neighbour', () => {
    const { state } = closeTab(open('/a', '/b', '/c'), '/c', home.key);
    expect(keys(state)).toEqual(['/dashboard/analysis', '/a', '/b']);
    expect(state.active).toBe('/b');
  });

  it('closing another tab keeps the active one', () => {
    const { state } = closeTab(open('/a', '/b', '/c'), '/a', home.key);
    expect(state.active).toBe('/c');
  });

  it.each([
    ['left', ['/dashboard/analysis', '/b', '/c']],
    ['right', ['/dashboard/analysis', '/a', '/b']],
    ['others', ['/dashboard/analysis', '/b']],
  ] as const)('close %s of /b keeps the home tab', (side, expected) => {
    const state = closeTabs(open('/a', '/b', '/c'), '/b', side, home.key);
    expect(keys(state)).toEqual(expected);
    expect(keys(state)).toContain(state.active);
  });
});
