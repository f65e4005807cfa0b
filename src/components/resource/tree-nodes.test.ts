import { describe, expect, it } from 'vitest';
import type { TreeRow } from './resource-api.ts';
import { ancestorsOf, branchIds, findNode, flattenTree, matchingNodes, pathOf, subtreeIds } from './tree-nodes.ts';

const node = (id: string, departName: string, children?: TreeRow[]): TreeRow => ({ id, departName, orgCode: id.toUpperCase(), ...(children ? { children } : {}) });

const TREE = [node('school', '示范学院', [node('info', '信息学院', [node('soft', '软件系', [])]), node('mech', '机电学院')]), node('other', '分校', [])];

describe('a tree resource’s rows', () => {
  it('finds a row at any depth, and nothing for an unknown id', () => {
    expect(findNode(TREE, 'soft')?.departName).toBe('软件系');
    expect(findNode(TREE, 'other')?.departName).toBe('分校');
    expect(findNode(TREE, 'gone')).toBeNull();
  });

  it('lists the rows above one, top first', () => {
    expect(ancestorsOf(TREE, 'soft').map((n) => n.id)).toEqual(['school', 'info']);
    expect(ancestorsOf(TREE, 'mech').map((n) => n.id)).toEqual(['school']);
    expect(ancestorsOf(TREE, 'school')).toEqual([]);
    expect(ancestorsOf(TREE, 'gone')).toEqual([]);
  });

  it('a row and those under it cannot become its parent', () => {
    expect([...subtreeIds(findNode(TREE, 'school')!)].sort()).toEqual(['info', 'mech', 'school', 'soft']);
    expect([...subtreeIds(findNode(TREE, 'mech')!)]).toEqual(['mech']);
  });

  it('flattens parents before their children with their depth, and names the branches', () => {
    expect(flattenTree(TREE).map(({ node: n, depth }) => `${depth}${n.id}`)).toEqual(['0school', '1info', '2soft', '1mech', '0other']);
    expect(branchIds(TREE)).toEqual(['school', 'info']);
  });

  it('finds the rows whose fields hold a word, in any case, flat', () => {
    expect(matchingNodes(TREE, ['departName'], '学院').map((n) => n.id)).toEqual(['school', 'info', 'mech']);
    expect(matchingNodes(TREE, ['departName', 'orgCode'], 'sof').map((n) => n.id)).toEqual(['soft']);
    expect(matchingNodes(TREE, ['departName'], '不存在')).toEqual([]);
  });

  it('says a row’s place from the top', () => {
    expect(pathOf(TREE, findNode(TREE, 'soft')!, 'departName')).toBe('示范学院 / 信息学院 / 软件系');
    expect(pathOf(TREE, findNode(TREE, 'other')!, 'departName')).toBe('分校');
  });
});
